"""A finished table's hand statistics, kept in the database: a cache of the replay, never a source.

Written when the table finishes (``tournaments.hands.figures.keep_table_figures``,
called by the tracker) and filled on view for a table that has none or an
outdated one. A row counts only while the table is finished and its revision
is the one the row was computed at: every change of a table's play or result
(an undo that reopens it, a corrected place) renews the table's revision, so
an outdated row is never read. A test compares the rows with a fresh replay.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.night import Table

__all__ = ["TableFigures"]


class TableFigures(models.Model):
    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="kept_figures", verbose_name=_("table")
    )
    revision = models.CharField(_("revision"), max_length=16)  # the table's revision when computed
    version = models.PositiveSmallIntegerField(_("version"))  # tournaments.hands.figures.VERSION when computed
    # {seat id: counts as one list} (tournaments.poker.stats.as_plain): all a season's table reads
    figures = models.JSONField(_("figures"))
    # {seat id: [[hand, victim, numerator, denominator], ...]} (knockouts_as_plain): for the player's page
    knockouts = models.JSONField(_("knockouts"), default=dict)
    computed_at = models.DateTimeField(_("computed"), auto_now=True)

    class Meta:
        verbose_name = _("table figures")
        verbose_name_plural = _("table figures")

    def __str__(self) -> str:
        return f"{self.table_id} @ {self.revision}"
