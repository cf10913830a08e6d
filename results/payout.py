"""The season jackpot's payout: the places' amounts shared among tied players, what each winner was paid, and
recording a payment in the cash book (a `CashLine`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.cashbook.book import CashError, Line, exact_cents, in_book_order, stored_lines
from league.models import CashBox, CashLine, LineKind, NightStatus, PaymentMethod, Player, Season
from league.rules import payouts
from league.web.money import format_money
from results import jackpot
from results import standings as season_table
from results.standings import ZERO


@dataclass
class PayoutShare:
    share: payouts.Share
    paid: Decimal
    payments: list[Line] = field(default_factory=list)
    # A season with a jackpot per venue: (venue's name, his places there) for each venue's jackpot he has a
    # share of; `share` is then the sum of those shares.
    venue_places: list[tuple[str, str]] = field(default_factory=list)

    @property
    def owed(self) -> Decimal:
        return self.share.amount - self.paid

    @property
    def places(self) -> str:
        if self.venue_places:
            return " · ".join(f"{venue} {places}" for venue, places in self.venue_places)
        return _places(self.share)


def _places(s: payouts.Share) -> str:
    return f"{s.first_place}." if not s.tied else f"{s.first_place}.–{s.last_place}."


@dataclass
class SeasonPayout:
    season: Season
    total: Decimal  # the season jackpot: confirmed deposits
    place_amounts: list[Decimal]
    shares: list[PayoutShare]
    split_error: str = ""
    unfinished_nights: int = 0
    other_payments: list[Line] = field(default_factory=list)  # to players without a share (should stay empty)

    @property
    def paid(self) -> Decimal:
        return sum((s.paid for s in self.shares), ZERO)

    @property
    def owed(self) -> Decimal:
        return sum((s.owed for s in self.shares), ZERO)

    @property
    def final(self) -> bool:
        return self.unfinished_nights == 0

    @property
    def season_running(self) -> bool:
        """The season's last day has not passed: more nights may still be planned and change the standings."""
        return timezone.localdate() <= self.season.end_date

    @property
    def has_extra_cents(self) -> bool:
        return any(s.share.extra_cent for s in self.shares)

    def for_player(self, player_id: int) -> PayoutShare | None:
        return next((s for s in self.shares if s.share.key == player_id), None)


def season_payout(season: Season, *, table: season_table.SeasonStandings | None = None) -> SeasonPayout:
    """The jackpot split over the standings (ties share their places' money) and what each winner was paid.

    A season with a jackpot per venue: each venue's jackpot split over its own table; a winner's share is
    the sum of his shares of every venue's jackpot, and is paid as one (docs/league-rules.md, "Venues")."""
    # The qualifiers' final counts for no one's place in the table: it does not hold up the payout.
    unfinished = season.nights.exclude(status=NightStatus.FINISHED).exclude(is_final=True).count()
    venues = jackpot.jackpot_venues(season)
    if venues:
        reports = jackpot.venue_jackpots(season, venues=venues)
        total = sum((r.total for r in reports), ZERO)
        split_error = next((r.split_error for r in reports if r.split_error), "")
        shares, places = _summed_shares(reports)
    else:
        table = table or season_table.season_standings(season)
        report = jackpot.season_jackpot(season, table=table)
        total, split_error, places = report.total, report.split_error, {}
        shares = report.shares  # the jackpot's own split: one rule, one figure on every page and sheet
    payout = SeasonPayout(season=season, total=total, place_amounts=[], shares=[], unfinished_nights=unfinished)
    if split_error:
        payout.split_error = split_error
        return payout
    if not venues:
        payout.place_amounts = list(report.place_amounts)
    payments: dict[int, list[Line]] = defaultdict(list)
    stored = CashLine.objects.filter(season=season, player__isnull=False, kind__in=[LineKind.PAYOUT, LineKind.REVERSAL])
    for line in sorted(stored_lines(stored), key=in_book_order):
        payments[line.player_id].append(line)
    for s in shares:
        mine = payments.pop(s.key, [])
        payout.shares.append(
            PayoutShare(
                share=s,
                paid=-sum((line.amount for line in mine), ZERO),
                payments=mine,
                venue_places=places.get(s.key, []),
            )
        )
    payout.other_payments = [line for rest in payments.values() for line in rest]
    return payout


def _summed_shares(
    reports: list[jackpot.SeasonJackpot],
) -> tuple[list[payouts.Share], dict[int, list[tuple[str, str]]]]:
    """One share per winner of the venues' jackpots, the sum of his shares (in the order the venues' payouts
    first name them), and the venues and places each comes from."""
    summed: dict[int, payouts.Share] = {}
    places: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for report in reports:
        for s in report.shares:
            places[s.key].append((report.venue.name if report.venue else "", _places(s)))  # type: ignore[index]
            before = summed.get(s.key)
            if before is None:
                summed[s.key] = s  # type: ignore[index]
            else:
                summed[s.key] = payouts.Share(  # type: ignore[index]
                    s.key,
                    s.name,
                    min(before.first_place, s.first_place),
                    min(before.first_place, s.first_place),  # several venues' places: no one tie to show
                    before.amount + s.amount,
                    before.extra_cent or s.extra_cent,
                )
    return list(summed.values()), dict(places)


@transaction.atomic
def record_payout(
    *,
    season: Season,
    player: Player,
    amount: Decimal,
    method: str,
    by: AbstractBaseUser,
    note: str = "",
    season_over: bool = False,
) -> CashLine:
    """A winner was paid (part of) his share of the season jackpot, in cash or by transfer.

    Before the season's last day every night may be finished and the standings still not final (the next
    night is not planned yet): then the organizer says that the season is over (`season_over`)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    amount = exact_cents(amount, message=_("Enter the amount in euros and cents."))
    if amount <= 0:
        raise CashError(_("The amount paid must be more than zero."))
    if method not in PaymentMethod.values:
        raise CashError(_("Choose cash or bank transfer."))
    payout = season_payout(season)
    if payout.split_error:
        raise CashError(payout.split_error)
    if not payout.final:
        raise CashError(
            ngettext(
                "The season still has %(n)s night not finished: pay the jackpot when the standings are final.",
                "The season still has %(n)s nights not finished: pay the jackpot when the standings are final.",
                payout.unfinished_nights,
            )
            % {"n": payout.unfinished_nights}
        )
    if payout.season_running and not season_over:
        raise CashError(
            _(
                "The season runs until %(date)s: nights still to come can change the standings. Pay the jackpot once "
                "the season is over, or confirm that it is over now."
            )
            % {"date": formats.date_format(season.end_date, "SHORT_DATE_FORMAT")}
        )
    share = payout.for_player(player.pk)
    if share is None:
        raise CashError(_("%(name)s has no share of the season jackpot.") % {"name": player.name})
    if amount > share.owed:
        raise CashError(
            _("%(name)s is owed %(owed)s; %(amount)s is more than that.")
            % {"name": player.name, "owed": format_money(share.owed), "amount": format_money(amount)}
        )
    if note.strip():
        reason = note.strip()
    elif share.venue_places:  # his shares of the venues' jackpots, paid as one
        reason = _("Venue jackpots: %(places)s") % {"places": share.places}
    else:
        reason = _("Season jackpot, place %(places)s") % {"places": share.places}
    return CashLine.objects.create(
        box=CashBox.REGISTER,
        kind=LineKind.PAYOUT,
        amount=-amount,
        season=season,
        booked_by=by,
        reason=reason[:200],
        player=player,
        method=method,
    )
