"""A backup restored: its rows loaded (league/backup/), the caches it leaves out rebuilt, the league checked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from league import backup
from upkeep import check, repair


@dataclass
class Outcome:
    restored: backup.Restored
    rebuilt: repair.Rebuilt
    report: check.Report


def restore(
    path: Path, *, accept_unverified: bool = False, progress: Callable[[str, int, int], None] | None = None
) -> Outcome:
    """Load the file into this empty database (all or nothing; `backup.BackupError` says why not), then rebuild
    the caches and check. The rows stay loaded whatever the check finds: they are the league's record."""
    restored = backup.restore_backup(path, accept_unverified=accept_unverified)
    backup.update_planner_statistics()
    rebuilt = repair.rebuild_caches(check.tables_in_scope(quick=False), progress=_step(progress, "caches"))
    report = check.check_league(progress=_step(progress, "check"))
    return Outcome(restored, rebuilt, report)


def _step(progress, name: str):
    if progress is None:
        return None
    return lambda done, total: progress(name, done, total)
