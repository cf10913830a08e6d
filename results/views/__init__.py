"""The results' pages, one module per page family; thin: parse the request, read `results`, render.

`standings`, `nights` (a night's results), `players` (a player's page), `statistics`, `jackpot`, `payout` (the
season payout), `points` (a season's points rules), `sheets` (placement sheets as PDF), `exports` (CSV and XLSX),
`merge` (two records of one player). `table_rows`, `night_rows`, `player_rows` and `contribution_rows` (the
jackpot's nights) make the standings', a night's, a player's and the jackpot page's rows text once per row for the
template (the template language took most of those pages' time)."""
