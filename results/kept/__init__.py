"""What is kept of a season between views, and how it is known to be still right: `season_cache` keeps the table
and the awards under the season's key, derived from each night's `stamps` (drawn anew by the database at every
change); `ledger` keeps each season's scored rows night by night in the process and reads only the nights whose
stamp changed; `rows` are the queries that read a season's (or some nights') placements as plain rows."""
