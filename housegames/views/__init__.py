"""The house games' pages, thin views over the services: `uth` (a UTH table, a round, the organizer's abort, the
settlement calculator), `pages` (what those pages show: a round, its settlement, the history, the meter, in the
guest's words) and `imperial` (an Imperial table)."""
