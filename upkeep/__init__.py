"""The league's upkeep across every app: the backup and its restore, and the check a person can run.

`manage.py backup` writes the league (league/backup/), `manage.py restore` loads a file into an empty
database and then rebuilds what the file leaves out (the caches) and checks the result;
`manage.py check_league` checks every table, hand, cache and cash book and with `--repair` rebuilds
the caches (never a row). It reads every app, so it sits on top of them; nothing imports it.
"""
