"""Rebuild every cache that stands for rows, from the rows; never a row itself.

- each table's tracker snapshot (written from its rows, the table's revision kept: the phones stay current);
- the kept figures of every finished table that has none, an outdated one, or one that disagrees;
- the kept hand-history documents and the live screens' renderings on disk: emptied (made again when
  asked for).
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from live import cache as live_cache
from tournaments.hands import figures
from tournaments.poker import holdem
from tournaments.tracker import services as tracker

logger = logging.getLogger(__name__)


@dataclass
class Rebuilt:
    snapshots: int = 0  # written anew because they disagreed with the rows (or were missing)
    figures: int = 0  # finished tables' figures kept anew
    failed: list[int] = field(default_factory=list)  # tables whose rows do not replay (the check names why)


def rebuild_caches(table_ids: Sequence[int], *, figures_to_keep: Sequence[int] = (),
                   progress: Callable[[int, int], None] | None = None) -> Rebuilt:
    """The snapshots of these tables; the kept figures of `figures_to_keep` (the check found them different) and
    of every finished table without a current row; the file caches emptied."""
    rebuilt = Rebuilt()
    ids = list(table_ids)
    for k, table_id in enumerate(ids, start=1):
        try:
            rebuilt.snapshots += tracker.rebuild_snapshot(table_id=table_id)
        except (KeyError, ValueError, holdem.HandError):
            logger.exception("table %s: its snapshot cannot be made from its rows", table_id)
            rebuilt.failed.append(table_id)
        if progress and (k % 50 == 0 or k == len(ids)):
            progress(k, len(ids))
    for table_id in figures_to_keep:
        figures.keep_table_figures(table_id)
        rebuilt.figures += 1
    rebuilt.figures += figures.keep_all_table_figures()
    figures.figures_cache.clear()
    live_cache.clear()
    return rebuilt
