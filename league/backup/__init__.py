"""The whole league in one JSON file, and back: players, seasons, nights, entries, money, tables,
hands, actions, placements, corrections, house games, organizer accounts.

- `dump.py` reads every row in one transaction (a snapshot: a backup taken while tables play holds
  each table as it was at one moment), leaving out what is derived from the rows (the tracker's
  snapshots, a finished table's kept figures: the restore rebuilds them).
- `signature.py` signs the file with the league's secret key (HMAC-SHA256), so an edited file is told
  from one `backup` wrote.
- `rows.py` checks every row of a file as the league's forms would (names, lengths, NUL, choices,
  references) before anything is written.
- `files.py` writes the file (to a temporary file renamed when complete) and reads it back;
  `load.py` puts the rows into an empty database, all or nothing; `errors.py` holds the errors of both.

Built on Django's serializers, so every model of the three apps is included without a list to keep up
to date. Times keep their microseconds. The file is deterministic: objects in model and primary-key
order, keys sorted at every level, so two backups of the same data are byte-equal, whether taken from
SQLite or PostgreSQL (with the same key). Primary keys are kept, so links printed on paper
(/players/12/) still work after a move.

Rebuilding the caches and checking the restored league (`manage.py restore`, `check_league`) is the
`upkeep` app's: it needs every app.
"""

from league.backup.dump import backup_text, league_is_empty, update_planner_statistics
from league.backup.errors import BackupError, UnverifiedBackup
from league.backup.files import FORMAT, VERSION, Backup, read_backup, write_backup
from league.backup.load import Restored, restore_backup

__all__ = [
    "FORMAT",
    "VERSION",
    "Backup",
    "BackupError",
    "Restored",
    "backup_text",
    "league_is_empty",
    "read_backup",
    "restore_backup",
    "UnverifiedBackup",
    "update_planner_statistics",
    "write_backup",
]
