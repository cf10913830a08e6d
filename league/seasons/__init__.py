"""Seasons and their nights, run from the site: create and edit a season (which settings freeze once fees are
taken or a seating is drawn), plan the next night, open and close its registration; the organizer's home page
and the public home page (`home_rows`: its nights as text, once per row). Finishing a night needs its tables and is in `tournaments.floor`."""
