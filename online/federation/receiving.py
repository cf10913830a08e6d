"""The league's server takes a night a venue's laptop sent (docs/design.md, "Venues that play offline"): the
bundle is checked whole (the venue's own, a season that has not ended for that date, players whose identity
does not clash) and then written in one transaction with bulk inserts, so any refusal leaves nothing behind and
one night of 30 players is a few dozen statements however many hands it has.

Idempotent by digest: the same bundle again changes nothing. A night already received is replaced only by a
higher version with a correction (who and why), logged in `NightCorrection`."""

from __future__ import annotations

import datetime
import uuid
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from league.models import Entry, JackpotDeposit, Night, NightStatus, PaperSheet, Player, Season
from online.federation import bundle as bundles
from online.federation import signing
from online.models import NightCorrection, ReceivedNight, VenueKey
from tournaments.models import Action, Hand, HandStatus, Placement, PlacementReason, Seat, Table, TableStatus

__all__ = ["APPLIED", "CORRECTED", "UNCHANGED", "Refused", "apply", "laptop_user", "known_state"]

APPLIED, CORRECTED, UNCHANGED = "applied", "corrected", "unchanged"


class Refused(Exception):
    """The night is not taken; `str()` says why, in words for the venue's organizer."""


def _broken() -> Refused:
    return Refused(_("The night's bundle is incomplete or damaged: nothing was changed. Send it again."))


def _uuid(value: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise _broken() from None


def _day(value: Any) -> datetime.date | None:
    return None if value is None else datetime.date.fromisoformat(value)


def _time(value: Any) -> datetime.time:
    return datetime.time.fromisoformat(value)


def _moment(value: Any) -> datetime.datetime | None:
    if value is None:
        return None
    moment = datetime.datetime.fromisoformat(value)
    if timezone.is_naive(moment):
        raise ValueError(value)
    return moment


def _choice(value: Any, choices: type) -> str:
    """A value of one of the model's choices; anything else is a broken bundle."""
    if value not in choices.values:
        raise ValueError(value)
    return value


def _money(value: Any) -> Decimal | None:
    if value is None:
        return None
    amount = Decimal(value)
    if not amount.is_finite():
        raise InvalidOperation(value)
    return amount


def laptop_user(key: VenueKey):
    """The account the server writes a venue's sent rows under (who took a fee, who confirmed a deposit): one
    per venue, never able to sign in. The people's names stay on the laptop."""
    user, _created = get_user_model().objects.get_or_create(
        username=f"laptop-{key.venue.uid.hex[:12]}",
        defaults={"first_name": key.venue.name[:150], "is_active": False, "password": "!"},
    )
    return user


def known_state(night_uid: uuid.UUID) -> ReceivedNight | None:
    return ReceivedNight.objects.filter(night_uid=night_uid).first()


def announce_refusal(key: VenueKey, night_uid: uuid.UUID, version: int, digest: str) -> str | None:
    """Before the pieces travel: "unchanged" when this digest was applied, words when the night cannot be
    taken at this version, None when the upload may start."""
    received = known_state(night_uid)
    if received is None:
        return None
    if received.venue_id != key.venue_id:
        return _("This night belongs to another venue: nothing was changed.")
    if received.digest == digest:
        return UNCHANGED
    if version <= received.version:
        return _changed_words(received.version)
    return None


def _changed_words(version: int) -> str:
    return _(
        "The night was changed after it was sent (the league has version %(version)s): send it as a correction, "
        "with a new version, who corrected it and why. Nothing was changed."
    ) % {"version": version}


def apply(data: bytes, key: VenueKey) -> str:
    """Write the night these bytes hold (their digest and signature already checked), all or nothing.
    Returns APPLIED, CORRECTED or UNCHANGED; raises Refused with words."""
    try:
        bundle = bundles.decode(data)
        if not isinstance(bundle, dict) or bundle.get("format") != bundles.FORMAT:
            raise _broken()
        with transaction.atomic():
            return _apply(bundle, data, key)
    except Refused:
        raise
    except (IntegrityError, DataError):
        raise Refused(
            _("The night's rows contradict each other or a night the league already has: nothing was changed.")
        ) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, InvalidOperation):
        raise _broken() from None


def _apply(bundle: dict, data: bytes, key: VenueKey) -> str:
    venue = key.venue
    if _uuid(bundle["venue"]) != venue.uid:
        raise Refused(
            _("This laptop speaks for %(venue)s, but the night is another venue's: nothing was changed.")
            % {"venue": venue.name}
        )
    facts = bundle["night"]
    night_uid = _uuid(facts["uid"])
    version = int(bundle["version"])
    digest = signing.digest(data)
    received = ReceivedNight.objects.select_for_update().filter(night_uid=night_uid).first()
    correction = bundle.get("correction")
    if received is not None:
        if received.venue_id != venue.pk:
            raise Refused(_("This night belongs to another venue: nothing was changed."))
        if received.digest == digest:
            return UNCHANGED
        if version <= received.version:
            raise Refused(_changed_words(received.version))
        if not isinstance(correction, dict) or not str(correction.get("by", "")).strip():
            raise Refused(_("A new version of a night needs its correction: who corrected it and why."))
        if not str(correction.get("why", "")).strip():
            raise Refused(_("A new version of a night needs its correction: who corrected it and why."))
    else:
        # The server may hold the night without having received it when the laptop was set up from a copy of
        # the server's database: the venue's night then is the venue's to write; another venue's is not.
        held = Night.objects.filter(uid=night_uid).first()
        if held is not None and held.venue_id != venue.pk:
            raise Refused(_("This night belongs to another venue: nothing was changed."))

    season = Season.objects.filter(uid=_uuid(facts["season"])).first()
    if season is None:
        raise Refused(_("The league does not know the night's season: fetch the league's data and try again."))
    date = _day(facts["date"])
    if date is None:
        raise _broken()
    if date > season.end_date or date < season.start_date:
        raise Refused(
            _(
                "The night of %(date)s is not within the season %(season)s (%(start)s to %(end)s): the league "
                "takes no nights after a season's last day. Nothing was changed."
            )
            % {
                "date": formats.date_format(date, "SHORT_DATE_FORMAT"),
                "season": season.name,
                "start": formats.date_format(season.start_date, "SHORT_DATE_FORMAT"),
                "end": formats.date_format(season.end_date, "SHORT_DATE_FORMAT"),
            }
        )
    if season.venue_id is not None and season.venue_id != venue.pk:
        raise Refused(
            _("The season %(season)s counts another venue's nights only: nothing was changed.")
            % {"season": season.name}
        )
    if facts["status"] != NightStatus.FINISHED:
        raise Refused(_("Only a finished night is sent to the league: finish it first."))

    players = _players(bundle["players"])
    user = laptop_user(key)
    night = Night.objects.select_for_update().filter(uid=night_uid).first()
    if night is not None:
        _remove_rows(night)
        night.season, night.date, night.starts_at = season, date, _time(facts["starts_at"])
        night.status = NightStatus.FINISHED
        night.save(update_fields=["season", "date", "starts_at", "status"])
    else:
        night = Night.objects.create(
            uid=night_uid,
            season=season,
            venue=venue,
            date=date,
            starts_at=_time(facts["starts_at"]),
            status=NightStatus.FINISHED,
        )
    _write_rows(night, bundle, players, user)

    now = timezone.now()
    cash = bundle.get("cash") or {}
    if received is None:
        ReceivedNight.objects.create(
            night_uid=night_uid, venue=venue, version=version, digest=digest, cash=cash, received_at=now
        )
        return APPLIED
    NightCorrection.objects.create(
        night_uid=night_uid,
        venue=venue,
        key=key,
        old_version=received.version,
        version=version,
        by=str(correction["by"])[:120],  # type: ignore[index]
        why=str(correction["why"])[:300],  # type: ignore[index]
    )
    received.version, received.digest, received.cash, received.received_at = version, digest, cash, now
    received.save()
    return CORRECTED


def _players(rows: list[dict]) -> dict[str, Player]:
    """The night's players by uid: the known ones checked, the unknown ones created. A known uid whose date of
    birth differs is two people under one identity: refused, naming him."""
    wanted = {str(_uuid(row["uid"])): row for row in rows}
    known = {str(player.uid): player for player in Player.objects.filter(uid__in=list(wanted))}
    new = []
    for uid, row in wanted.items():
        birth = _day(row["date_of_birth"])
        player = known.get(uid)
        if player is not None:
            if player.date_of_birth != birth:
                raise Refused(
                    _(
                        "%(name)s has another date of birth in the league (%(league)s) than on this laptop "
                        "(%(laptop)s): correct the record on one side, then send again. Nothing was changed."
                    )
                    % {
                        "name": player.name,
                        "league": formats.date_format(player.date_of_birth, "SHORT_DATE_FORMAT")
                        if player.date_of_birth
                        else "–",
                        "laptop": formats.date_format(birth, "SHORT_DATE_FORMAT") if birth else "–",
                    }
                )
            continue
        name = str(row["name"]).strip()[:120]
        if not name or (birth is None and not row["id_checked_adult"]):
            raise _broken()
        new.append(
            Player(
                uid=uuid.UUID(uid),
                name=name,
                nickname=str(row["nickname"])[:60],
                date_of_birth=birth,
                id_checked_adult=bool(row["id_checked_adult"]),
            )
        )
    for player in Player.objects.bulk_create(new):
        known[str(player.uid)] = player
    return known


def _remove_rows(night: Night) -> None:
    """A correction: the night's old rows go, in the order their protections ask."""
    JackpotDeposit.objects.filter(table__night=night).delete()
    Placement.objects.filter(table__night=night).delete()
    Action.objects.filter(hand__table__night=night).delete()
    Hand.objects.filter(table__night=night).delete()
    Table.objects.filter(night=night).update(first_dealer=None)
    Seat.objects.filter(table__night=night).delete()
    Table.objects.filter(night=night).delete()
    Entry.objects.filter(night=night).delete()


def _write_rows(night: Night, bundle: dict, players: dict[str, Player], user) -> None:
    entries = []
    for row in bundle["entries"]:
        paid_at = _moment(row["paid_at"])
        withdrawn_at = _moment(row["withdrawn_at"])
        entries.append(
            Entry(
                night=night,
                player=players[str(_uuid(row["player"]))],
                registered_by=user,
                fee_paid=_money(row["fee_paid"]),
                jackpot_share=_money(row["jackpot_share"]),
                paid_at=paid_at,
                received_by=user if paid_at else None,
                withdrawn_at=withdrawn_at,
                withdrawn_by=user if withdrawn_at else None,
                refund_amount=_money(row["refund_amount"]),
                withdrawal_reason=str(row["withdrawal_reason"])[:200],
            )
        )
    Entry.objects.bulk_create(entries)
    # auto_now_add wrote the arrival's time: the desk's order of registration is the laptop's.
    for entry, row in zip(entries, bundle["entries"], strict=True):
        entry.registered_at = _moment(row["registered_at"])
    Entry.objects.bulk_update(entries, ["registered_at"])

    table_rows = bundle["tables"]
    tables = [
        Table(
            night=night,
            number=int(row["number"]),
            status=_choice(row["status"], TableStatus),
            first_dealer_draw=row["first_dealer_draw"] or {},
            finished_at=_moment(row["finished_at"]),
        )
        for row in table_rows
    ]
    Table.objects.bulk_create(tables)
    seats: dict[tuple[int, int], Seat] = {}
    for table, row in zip(tables, table_rows, strict=True):
        for seat in row["seats"]:
            index = int(seat["entry"])
            if index < 0:
                raise _broken()
            seats[(table.number, int(seat["position"]))] = Seat(
                table=table,
                entry=entries[index],
                position=int(seat["position"]),
                starting_stack=int(seat["starting_stack"]),
                sitting_out=bool(seat["sitting_out"]),
                late_entry=bool(seat["late_entry"]),
            )
    Seat.objects.bulk_create(seats.values())
    dealt = []
    for table, row in zip(tables, table_rows, strict=True):
        if row["first_dealer"] is not None:
            table.first_dealer = seats[(table.number, int(row["first_dealer"]))]
            dealt.append(table)
    if dealt:
        Table.objects.bulk_update(dealt, ["first_dealer"])

    hands: dict[tuple[int, int], Hand] = {}
    hand_rows = []
    seat_ids: dict[int, dict[int, int]] = {}
    for (number, position), seat in seats.items():
        seat_ids.setdefault(number, {})[position] = seat.pk
    for table, row in zip(tables, table_rows, strict=True):
        seat_id = seat_ids.get(table.number, {})
        for hand in row["hands"]:
            hands[(table.number, int(hand["number"]))] = Hand(
                table=table,
                number=int(hand["number"]),
                button_id=seat_id[int(hand["button"])],
                level=int(hand["level"]),
                small_blind=int(hand["small_blind"]),
                big_blind=int(hand["big_blind"]),
                ante=int(hand["ante"]),
                ante_by=str(hand["ante_by"]),
                min_bet_rule=str(hand["min_bet_rule"]),
                players=[{**player, "seat": seat_id[int(player["seat"])]} for player in hand["players"]],
                status=_choice(hand["status"], HandStatus),
                board=str(hand["board"]),
                hole_cards=hand["hole_cards"] or {},
                pot_winners=hand["pot_winners"],
                final_stacks=(
                    {str(seat_id[int(position)]): chips for position, chips in hand["final_stacks"].items()}
                    if hand["final_stacks"] is not None
                    else None
                ),
                result=hand["result"],
                finished_at=_moment(hand["finished_at"]),
            )
            hand_rows.append((table.number, hand))
    Hand.objects.bulk_create(hands.values())
    actions = []
    for number, row in hand_rows:
        hand = hands[(number, int(row["number"]))]
        hand.started_at = _moment(row["started_at"])
        for index, position, verb, to in row["actions"]:
            actions.append(
                Action(hand=hand, index=int(index), seat=seats[(number, int(position))], verb=str(verb), to=to)
            )
    if hands:
        Hand.objects.bulk_update(hands.values(), ["started_at"], batch_size=500)
    Action.objects.bulk_create(actions, batch_size=1000)

    placements, deposits, sheets = [], [], []
    for table, row in zip(tables, table_rows, strict=True):
        for placement in row["placements"]:
            hand_number = placement["hand"]
            placements.append(
                Placement(
                    table=table,
                    seat=seats[(table.number, int(placement["seat"]))],
                    place=int(placement["place"]),
                    reason=_choice(placement["reason"], PlacementReason),
                    hand=hands[(table.number, int(hand_number))] if hand_number is not None else None,
                    chips_removed=int(placement["chips_removed"]),
                    knockouts=placement["knockouts"],
                )
            )
        for deposit in row["deposits"]:
            reversed_at = _moment(deposit["reversed_at"])
            deposits.append(
                JackpotDeposit(
                    table=table,
                    amount=_money(deposit["amount"]),
                    paid_in_by=str(deposit["paid_in_by"])[:120],
                    confirmed_by=user,
                    confirmed_at=_moment(deposit["confirmed_at"]),
                    reversed_at=reversed_at,
                    reversed_by=user if reversed_at else None,
                    reversal_reason=str(deposit["reversal_reason"])[:200],
                )
            )
        if row["paper_sheet"] is not None:
            sheets.append(PaperSheet(table=table, entered_by=user, entered_at=_moment(row["paper_sheet"])))
    Placement.objects.bulk_create(placements)
    for placement, decided in zip(
        placements,
        [placement["decided_at"] for row in table_rows for placement in row["placements"]],
        strict=True,
    ):
        placement.decided_at = _moment(decided)
    if placements:
        Placement.objects.bulk_update(placements, ["decided_at"])
    JackpotDeposit.objects.bulk_create(deposits)
    PaperSheet.objects.bulk_create(sheets)
