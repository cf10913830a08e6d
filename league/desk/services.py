"""The desk's use cases: registration, fees, refunds, a fee reversed in the cash book, finding players (merging two
records of one player: merge.py).

Every view, admin action and command goes through these functions; each one
checks its rules first and writes nothing when a rule fails."""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.models import ADULT_AGE, Entry, Night, NightStatus, Player
from league.rules import names
from league.rules.names import same_new_face
from league.web.money import cents


class LeagueError(Exception):
    """A rule was broken; the message is shown to the organizer as it is."""


@dataclass(frozen=True)
class DeskTotals:
    entries: int
    paid: int
    fees: Decimal
    jackpot: Decimal
    refunds: Decimal


def _lock_night(night_id: int) -> Night:
    return Night.objects.select_for_update().select_related("season").get(pk=night_id)


def _require_open(night: Night) -> None:
    if not night.registration_open:
        raise LeagueError(_("Registration for this night is closed."))


def check_age(*, player: Player, on: datetime.date) -> None:
    if not player.is_adult_on(on):
        raise LeagueError(
            _("%(name)s is under %(age)s on %(date)s and cannot play.")
            % {"name": player.name, "age": ADULT_AGE, "date": formats.date_format(on, "SHORT_DATE_FORMAT")}
        )


def check_fee(*, night: Night, amount: Decimal) -> None:
    if amount < 0:
        raise LeagueError(_("The fee cannot be negative."))
    if amount < night.season.jackpot_share:
        raise LeagueError(_("The fee cannot be less than the jackpot share it carries."))


@transaction.atomic
def register_player(
    *, night: Night, player: Player, by: AbstractBaseUser, fee: Decimal | None = None, late: bool = False
) -> Entry:
    """Enter `player` for `night`; with `fee`, the cash is taken at the same time.

    `late` admits an entry after the seating draw (the caller seats it at once).
    """
    night = _lock_night(night.pk)
    if not (late and night.status == NightStatus.SEATED):
        _require_open(night)
    check_age(player=player, on=night.date)
    if night.is_final and not night.qualified.filter(pk=player.pk).exists():
        raise LeagueError(
            _("%(name)s has not qualified for the final: only the qualified players play it.") % {"name": player.name}
        )
    if fee is not None:
        check_fee(night=night, amount=fee)
    if Entry.objects.active().filter(night=night, player=player).exists():
        raise LeagueError(_("%(name)s is already registered for this night.") % {"name": player.name})
    now = timezone.now()
    entry = Entry(night=night, player=player, registered_by=by)
    if fee is not None:
        entry.fee_paid, entry.jackpot_share, entry.paid_at, entry.received_by = fee, night.season.jackpot_share, now, by
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError as exc:  # a second desk registered the same player a moment ago
        raise LeagueError(_("%(name)s is already registered for this night.") % {"name": player.name}) from exc
    return entry


@transaction.atomic
def create_player_and_register(
    *, night: Night, by: AbstractBaseUser, fee: Decimal | None, another_person: bool = False, **player_fields
) -> Entry:
    """A new face at the desk: the player is only created if the entry can be made.

    A name the league already has (written the same or another way) is refused with `LookAlike`, which names the
    existing records, unless the organizer said it is `another_person` (one record per player: docs/features.md).

    Two desks that add the same new person at once (each with its own form and token) wait for each other
    on the night's row; the second finds the first's entry and is told, and no second player is made.
    """
    player = Player(**player_fields)
    night = _lock_night(night.pk)
    if night.is_final:
        raise LeagueError(_("A new player cannot play the final: only the qualified players play it."))
    _refuse_same_new_face(night=night, player=player)
    if not another_person:
        _refuse_look_alike(player)
    check_age(player=player, on=night.date)
    player.full_clean()
    player.save()
    return register_player(night=night, player=player, by=by, fee=fee)


def _refuse_same_new_face(*, night: Night, player: Player) -> None:
    """Refuse a new player who is already entered tonight under the same name (see rules.names.same_new_face)."""
    entered = (
        Entry.objects.active()
        .filter(night=night)
        .select_related("player", "registered_by")
        .order_by("registered_at", "pk")
    )
    for entry in entered:
        other = entry.player
        if same_new_face(
            player.name, player.nickname, player.date_of_birth, other.name, other.nickname, other.date_of_birth
        ):
            facts = {
                "name": other.name,
                "who": entry.registered_by.get_username(),
                "time": formats.time_format(timezone.localtime(entry.registered_at), "TIME_FORMAT"),
            }
            if entry.is_paid:
                said = _(
                    "%(name)s is already registered for this night (by %(who)s at %(time)s, fee paid): "
                    "no second player was added and no fee taken. If this is another person of the same name, "
                    "add a nickname or the date of birth to tell them apart."
                )
            else:
                said = _(
                    "%(name)s is already registered for this night (by %(who)s at %(time)s, fee not yet paid): "
                    "no second player was added; take the fee in the list below. If this is another person of the "
                    "same name, add a nickname or the date of birth to tell them apart."
                )
            raise LeagueError(said % facts)


@transaction.atomic
def take_fee(*, entry: Entry, amount: Decimal, by: AbstractBaseUser, after_draw: bool = False) -> Entry:
    """`after_draw` takes the fee of an entry the draw left unseated (the caller seats it at once)."""
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    night = _lock_night(entry.night_id)
    if not (after_draw and night.status == NightStatus.SEATED):
        _require_open(night)
    if entry.is_withdrawn:
        raise LeagueError(_("This entry was withdrawn."))
    if entry.is_paid:
        raise LeagueError(_("The fee for %(name)s was already taken.") % {"name": entry.player.name})
    check_fee(night=night, amount=amount)
    entry.fee_paid, entry.jackpot_share = amount, night.season.jackpot_share
    entry.paid_at, entry.received_by = timezone.now(), by
    entry.save(update_fields=["fee_paid", "jackpot_share", "paid_at", "received_by"])
    return entry


@transaction.atomic
def withdraw_entry(*, entry: Entry, by: AbstractBaseUser, reason: str = "", after_draw: bool = False) -> Entry:
    """Take a player off the night; a paid fee is refunded in full and recorded.

    `after_draw` withdraws an entry the draw left unseated (the caller checks it has no seat).
    """
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    night = _lock_night(entry.night_id)
    if not (after_draw and night.status == NightStatus.SEATED):
        _require_open(night)
    if entry.is_withdrawn:
        raise LeagueError(_("This entry was already withdrawn."))
    entry.withdrawn_at, entry.withdrawn_by, entry.withdrawal_reason = timezone.now(), by, reason[:200]
    entry.refund_amount = entry.fee_paid if entry.is_paid else None
    entry.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason", "refund_amount"])
    return entry


def fee_reversal_refusal(entry: Entry) -> str:
    """Why the fee line of `entry` cannot be reversed in the cash book, or "" when it can (read as it is now;
    `reverse_fee` asks again under the locks).

    A fee goes back with its entry or not at all: a seat counts the fee's jackpot share in its table's sum,
    and a refunded fee already cancels out in the book (docs/features.md, the cash book)."""
    name = entry.player.name
    if not entry.is_paid:
        return _("%(name)s has not paid: there is no fee to reverse.") % {"name": name}
    if entry.refund_amount is not None:
        return _(
            "The fee of %(name)s was refunded when the entry was withdrawn: the fee and its refund already cancel "
            "out in the cash book, there is nothing to reverse."
        ) % {"name": name}
    if entry.is_withdrawn:
        return _("The fee of %(name)s was already reversed.") % {"name": name}
    table = Entry.objects.filter(pk=entry.pk, seat__isnull=False).values_list("seat__table__number", flat=True).first()
    if table is not None:
        return _(
            "%(name)s has a seat at table %(table)s: the fee cannot be reversed while the seat stands, because the "
            "table's jackpot sum counts its share. If the fee was never received, collect it from the player; if "
            "money has to go back, book it as an expense with the reason."
        ) % {"name": name, "table": table}
    return ""


@transaction.atomic
def reverse_fee(*, entry_id: int, by: AbstractBaseUser, reason: str) -> Entry | None:
    """The entry's side of reversing its fee line in the cash book (league/cashbook/book.py reverse_line calls it
    in the same transaction): the fee was never received (the wrong player tapped, a wrong amount).

    The entry is closed as withdrawn *without* a refund (the reversal line is what gives the fee back), so it no
    longer counts as paid and its jackpot share is gone; unless the night is finished, the player is registered
    again, unpaid, under the first registration's time and desk, and pays anew or goes home like anyone unpaid.
    Returns that new entry (None on a finished night). Refused, changing nothing, when `fee_reversal_refusal` says so.
    """
    # FOR NO KEY UPDATE (PostgreSQL): a seating draw that holds the night may still insert a seat pointing at this
    # entry and commit; the seat is then seen below, after the night's lock, instead of both waiting for ever.
    entry = (
        Entry.objects.select_for_update(no_key=True, of=("self",)).select_related("player").filter(pk=entry_id).first()
    )
    if entry is None:
        raise LeagueError(_("There is no such entry."))
    night = _lock_night(entry.night_id)
    refusal = fee_reversal_refusal(entry)
    if refusal:
        raise LeagueError(refusal)
    entry.withdrawn_at, entry.withdrawn_by, entry.withdrawal_reason = timezone.now(), by, reason.strip()[:200]
    entry.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])
    if night.status == NightStatus.FINISHED:
        return None
    again = Entry.objects.create(night=night, player=entry.player, registered_by=entry.registered_by)
    Entry.objects.filter(pk=again.pk).update(registered_at=entry.registered_at)  # the same registration, unpaid now
    again.registered_at = entry.registered_at
    return again


def desk_totals(night: Night) -> DeskTotals:
    """Tonight's count and money, from the entry rows in one query."""
    figures = Entry.objects.filter(night=night).aggregate(
        entries=Count("id", filter=Q(withdrawn_at__isnull=True)),
        paid=Count("id", filter=Q(withdrawn_at__isnull=True, paid_at__isnull=False)),
        fees=Sum("fee_paid", filter=Q(withdrawn_at__isnull=True)),
        jackpot=Sum("jackpot_share", filter=Q(withdrawn_at__isnull=True)),
        refunds=Sum("refund_amount"),
    )
    return DeskTotals(
        entries=figures["entries"],
        paid=figures["paid"],
        fees=cents(figures["fees"]),
        jackpot=cents(figures["jackpot"]),
        refunds=cents(figures["refunds"]),
    )


# A name's search forms, kept per process: a desk types a letter every 150 ms and a league has thousands of
# names that rarely change (tests/benchmarks/desk_search.py: a search over 10,000 players).
_forms = functools.lru_cache(maxsize=1 << 16)(names.search_forms)


def _starts_a_word(words: tuple[tuple[str, ...], ...], forms: tuple[str, ...]) -> bool:
    first = words[0]
    return any(form.startswith(w) or f" {w}" in form for form in forms for w in first)


def find_players(query: str, *, limit: int = 8) -> list[Player]:
    """Players whose name or nickname holds every word typed, as the league's name search reads them
    (league/rules/names.py: case, accents, ß/ss, ı/i, ö/oe, Greek and Cyrillic letters), or whose contact holds
    the text. SQL cannot fold names this way on SQLite, so the match runs here over every name (one query of
    four columns); names that start with the first word come first, then alphabetically."""
    words = names.query_words(query)
    if not words:
        return []
    needle = " ".join(query.split()).casefold()
    found = []
    for pk, name, nickname, contact in Player.objects.values_list("pk", "name", "nickname", "contact").iterator(
        chunk_size=5000
    ):
        forms = _forms(name)
        if names.matches(words, forms):
            found.append((not _starts_a_word(words, forms), forms[0], name, pk))  # forms[0]: names.sort_key's
        elif (nickname and names.matches(words, _forms(nickname))) or (contact and needle in contact.casefold()):
            found.append((True, forms[0], name, pk))
    ids = [pk for *_order, pk in sorted(found)[:limit]]
    players = Player.objects.in_bulk(ids)
    return [players[pk] for pk in ids if pk in players]


def look_alikes(name: str) -> list[Player]:
    """The league's players whose name is `name` written another way ("Deniz Yilmaz" for "Deniz Yılmaz")."""
    forms = {form for form in _forms(name) if form}
    if not forms:
        return []
    ids = [
        pk
        for pk, other in Player.objects.values_list("pk", "name").iterator(chunk_size=5000)
        if forms & set(_forms(other))
    ]
    return list(Player.objects.filter(pk__in=ids).order_by("name", "pk"))


class LookAlike(LeagueError):
    """A new player's name is already in the league; `players` are the records it looks like.

    `same_birth` lists those born on the same day: almost certainly the same person."""

    def __init__(self, message: str, *, players: list[Player], same_birth: list[Player]):
        super().__init__(message)
        self.players, self.same_birth = players, same_birth


def _refuse_look_alike(player: Player) -> None:
    alikes = look_alikes(player.name)
    if not alikes:
        return
    same_birth = [p for p in alikes if player.date_of_birth is not None and p.date_of_birth == player.date_of_birth]
    if same_birth:
        said = _(
            "%(name)s, born on %(date)s, is already in the league: register the existing player below instead of "
            "adding him a second time."
        ) % {"name": same_birth[0].name, "date": formats.date_format(player.date_of_birth, "SHORT_DATE_FORMAT")}
    else:
        said = _(
            "A player named %(name)s is already in the league: if it is him, register the existing player below; "
            "if it is another person, tick “Another person of the same name” and save again."
        ) % {"name": alikes[0].name}
    raise LookAlike(said, players=alikes, same_birth=same_birth)
