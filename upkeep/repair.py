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


def rebuild_caches(
    table_ids: Sequence[int], *, figures_to_keep: Sequence[int] = (), progress: Callable[[int, int], None] | None = None
) -> Rebuilt:
    """The snapshots of these tables; the kept figures of `figures_to_keep` (the check found them different) and
    of every finished table without a current row; the file caches emptied."""
    rebuilt = Rebuilt()
    ids = list(table_ids)
    for k, table_id in enumerate(ids, start=1):
        try:
            rebuilt.snapshots += tracker.rebuild_snapshot(table_id=table_id)
        except (KeyError, ValueError, holdem.HandError) as error:  # the check names why, in the organizer's words
            logger.warning("table %s: its snapshot cannot be made from its rows: %s", table_id, error)
            rebuilt.failed.append(table_id)
        if progress and (k % 50 == 0 or k == len(ids)):
            progress(k, len(ids))
    for table_id in figures_to_keep:
        rebuilt.figures += _keep_figures(table_id, rebuilt)
    try:
        rebuilt.figures += figures.keep_all_table_figures()
    except (KeyError, ValueError):  # a hand that does not replay (the check names it): table by table, the others kept
        logger.warning("the finished tables' figures could not be kept together; one by one")
        for table_id in figures.tables_without_current_figures():
            rebuilt.figures += _keep_figures(table_id, rebuilt)
    figures.figures_cache.clear()
    live_cache.clear()
    return rebuilt


def _keep_figures(table_id: int, rebuilt: Rebuilt) -> int:
    try:
        figures.keep_table_figures(table_id)
    except (KeyError, ValueError) as error:  # ReplayError and HandError are ValueErrors
        logger.warning("table %s: its figures cannot be made from its hands: %s", table_id, error)
        rebuilt.failed.append(table_id)
        return 0
    return 1
