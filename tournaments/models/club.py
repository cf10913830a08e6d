"""The club's own clock screen: its logo or sponsor, its chips and which figures the TV shows. One row for the
league (a club's logo and chip case outlive its seasons); no row: the clock as it always looked."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["ClockFigure", "DEFAULT_FIGURES", "ClubClock"]


class ClockFigure(models.TextChoices):
    """The figures the clock screen can show below the countdown (and the next levels beside it)."""

    BREAK = "break", _("Time to the next break")
    AVERAGE = "average", _("Average stack in chips")
    AVERAGE_BB = "average_bb", _("Average stack in big blinds")
    PLAYERS = "players", _("Players left")
    TABLES = "tables", _("Tables left")
    CHIPS = "chips", _("Chips in play")
    JACKPOT_SEASON = "jackpot_season", _("The season's jackpot")
    JACKPOT_TONIGHT = "jackpot_tonight", _("Tonight's jackpot")
    LEVELS = "levels", _("The next levels")


# What the clock showed before a club chose: every figure but the average in big blinds.
DEFAULT_FIGURES = tuple(key for key in ClockFigure.values if key != ClockFigure.AVERAGE_BB)


class ClubClock(models.Model):
    logo = models.BinaryField(_("logo"), blank=True, default=b"", max_length=2 * 1024 * 1024)
    logo_type = models.CharField(_("logo's type"), max_length=20, blank=True, default="")
    # The logo's SHA-256, in its address: a new logo is a new address, so the old one may be kept for a year.
    logo_digest = models.CharField(_("logo's digest"), max_length=64, blank=True, default="")
    logo_width = models.PositiveIntegerField(_("logo's width"), default=0)
    logo_height = models.PositiveIntegerField(_("logo's height"), default=0)
    chips = models.TextField(_("chips"), blank=True, default="")  # league/rules/chips.py's text
    figures = models.CharField(_("figures shown"), max_length=200, default=",".join(DEFAULT_FIGURES), blank=True)
    prize_line = models.CharField(_("line for points or prizes"), max_length=140, blank=True, default="")
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("club's clock")
        verbose_name_plural = _("club's clocks")

    def __str__(self) -> str:
        return str(_("club's clock"))
