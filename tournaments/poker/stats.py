"""Player statistics from replayed hands: each statistic is defined here, once.

Pure Python, no Django import. The input is a
:class:`~tournaments.poker.replay.PlayedHand` (the engine's replay of the
stored actions) and who the names are; :func:`hand_facts` reads what each
player did in that hand, :class:`PlayerStats` adds hands up.

Definitions (a "hand played" is a hand the player was dealt into and was not
sitting out in; every figure below except knockouts counts only hands played,
and each comes with the number of hands behind it):

- **hands**: hands played. A sitting-out hand counts in ``sat_out`` instead:
  his blinds were taken and his cards folded or checked without him.
- **VPIP**: hands where he put chips in before the flop of his own accord: a
  call, bet or raise pre-flop. Posting a blind, or checking the big blind, is
  not voluntary, and neither is an ante: antes, like the blinds, are forced
  bets (never VPIP, PFR, a call or aggression).
- **PFR**: hands where he bet or raised before the flop (an all-in that raises counts).
- **aggression**: his bets and raises against his calls, on every street
  (``(bets + raises) / calls``; no calls: shown as a count, not a ratio).
- **went to showdown**: hands where he was still in when the betting ended
  with two or more players left; **won at showdown**: of those, hands where
  he won chips from a pot.
- **all-ins**: hands where he had all his chips in the pot at some point
  (a blind or an ante that took his last chip counts); **survived**: of those, hands he
  ended with chips.
- **biggest pot won**: the most chips he won from the pots of one hand (his
  shares; an uncalled bet coming back is not won).
- **knockouts** (TDA-style sharing): a player who busts was eliminated by the
  winners of the highest pot he was eligible for, the pot that held his last
  chips. One knockout per busted player, shared equally by that pot's
  winners (two winners: ½ each). A sitting-out player who busts counts as a
  knockout for the winners too.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tournaments.poker.holdem import PREFLOP
from tournaments.poker.replay import PlayedHand

__all__ = [
    "HandFacts",
    "Knockout",
    "PlayerStats",
    "hand_facts",
    "add_hand",
    "merge",
    "leaders",
    "longest_run",
    "as_plain",
    "knockouts_as_plain",
    "from_plain",
    "add_plain",
]


@dataclass(frozen=True)
class Knockout:
    hand: Hashable  # the caller's key of the hand
    victim: Hashable
    share: Fraction


@dataclass(frozen=True)
class HandFacts:
    """What one player did in one hand."""

    sat_out: bool
    vpip: bool
    pfr: bool
    bets_raises: int
    calls: int
    showdown: bool
    won_at_showdown: bool
    all_in: bool
    survived: bool
    won: int
    knockouts: tuple[tuple[str, Fraction], ...]  # (victim's name, share)


def hand_facts(played: PlayedHand) -> dict[str, HandFacts]:
    """Each dealt-in player's facts in one finished hand, by engine name."""
    hand, result = played.hand, played.result
    dealt = [name for name, stack in zip(hand.names, hand.starting_stacks) if stack > 0]
    away = set(hand.sitting_out)
    vpip: set[str] = set()
    pfr: set[str] = set()
    aggressive: dict[str, int] = dict.fromkeys(dealt, 0)
    calls: dict[str, int] = dict.fromkeys(dealt, 0)
    all_in: set[str] = set()
    for step in hand.history:
        if step.all_in:
            all_in.add(step.player)
        if step.auto:
            continue
        if step.kind in ("call", "bet", "raise") and step.street == PREFLOP:
            vpip.add(step.player)
        if step.kind in ("bet", "raise"):
            aggressive[step.player] += 1
            if step.street == PREFLOP:
                pfr.add(step.player)
        elif step.kind == "call":
            calls[step.player] += 1
    showdown = set(played.showdown)
    won: dict[str, int] = dict.fromkeys(dealt, 0)
    for pot in result.pots:
        for name, share in zip(pot.winners, pot.shares):
            won[name] += share
    knockouts: dict[str, list[tuple[str, Fraction]]] = {name: [] for name in dealt}
    for victim in result.busted:
        pots = [pot for pot in result.pots if victim in pot.eligible]
        if not pots:  # defensive: a busted player always has his last chips in some pot
            continue
        winners = max(pots, key=lambda pot: pot.level).winners
        for name in winners:
            knockouts[name].append((victim, Fraction(1, len(winners))))
    return {
        name: HandFacts(
            sat_out=name in away,
            vpip=name in vpip,
            pfr=name in pfr,
            bets_raises=aggressive[name],
            calls=calls[name],
            showdown=name in showdown,
            won_at_showdown=name in showdown and won[name] > 0,
            all_in=name in all_in,
            survived=name in all_in and result.stacks[name] > 0,
            won=won[name],
            knockouts=tuple(knockouts[name]),
        )
        for name in dealt
    }


@dataclass
class PlayerStats:
    """A player's figures over some hands (a night, a season, all time)."""

    hands: int = 0
    sat_out: int = 0
    vpip: int = 0
    pfr: int = 0
    bets_raises: int = 0
    calls: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    all_ins: int = 0
    all_ins_survived: int = 0
    biggest_pot: int = 0
    biggest_pot_hand: Hashable | None = None
    knockouts: Fraction = Fraction(0)
    knockout_list: list[Knockout] = field(default_factory=list)

    def add(self, facts: HandFacts, hand: Hashable, person_of: Mapping[str, Hashable] | None = None) -> None:
        """Count one hand. ``person_of`` turns victims' engine names into the caller's keys."""
        for victim, share in facts.knockouts:
            self.knockouts += share
            self.knockout_list.append(Knockout(hand, person_of.get(victim, victim) if person_of else victim, share))
        if facts.sat_out:
            self.sat_out += 1
            return
        self.hands += 1
        self.vpip += facts.vpip
        self.pfr += facts.pfr
        self.bets_raises += facts.bets_raises
        self.calls += facts.calls
        self.showdowns += facts.showdown
        self.showdowns_won += facts.won_at_showdown
        self.all_ins += facts.all_in
        self.all_ins_survived += facts.survived
        if facts.won > self.biggest_pot:
            self.biggest_pot, self.biggest_pot_hand = facts.won, hand

    def merge(self, other: PlayerStats) -> None:
        for name in (
            "hands",
            "sat_out",
            "vpip",
            "pfr",
            "bets_raises",
            "calls",
            "showdowns",
            "showdowns_won",
            "all_ins",
            "all_ins_survived",
            "knockouts",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.knockout_list.extend(other.knockout_list)
        if other.biggest_pot > self.biggest_pot:
            self.biggest_pot, self.biggest_pot_hand = other.biggest_pot, other.biggest_pot_hand

    # -- derived figures: None when there is nothing to divide by ----------

    @staticmethod
    def _percent(part: int, whole: int) -> float | None:
        return round(100 * part / whole, 1) if whole else None

    @property
    def vpip_percent(self) -> float | None:
        return self._percent(self.vpip, self.hands)

    @property
    def pfr_percent(self) -> float | None:
        return self._percent(self.pfr, self.hands)

    @property
    def showdown_percent(self) -> float | None:
        return self._percent(self.showdowns, self.hands)

    @property
    def showdown_won_percent(self) -> float | None:
        return self._percent(self.showdowns_won, self.showdowns)

    @property
    def all_in_survived_percent(self) -> float | None:
        return self._percent(self.all_ins_survived, self.all_ins)

    @property
    def aggression(self) -> float | None:
        """(bets + raises) / calls; None without calls."""
        return round(self.bets_raises / self.calls, 2) if self.calls else None


def add_hand(
    stats: dict[Hashable, PlayerStats], played: PlayedHand, hand: Hashable, person_of: Mapping[str, Hashable]
) -> None:
    """Count one hand into ``stats`` (keyed by the caller's persons, ``person_of[name]``)."""
    for name, facts in hand_facts(played).items():
        person = person_of[name]
        stats.setdefault(person, PlayerStats()).add(facts, hand, person_of)


def merge(parts: Iterable[Mapping[Hashable, PlayerStats]]) -> dict[Hashable, PlayerStats]:
    """Several groups of hands (tables, nights) added up per person; the parts are not changed."""
    total: dict[Hashable, PlayerStats] = {}
    for part in parts:
        for person, stats in part.items():
            total.setdefault(person, PlayerStats()).merge(stats)
    return total


def leaders(values: Mapping[Hashable, int | Fraction]) -> tuple[int | Fraction, list[Hashable]]:
    """The highest value above zero and everyone who has it (a tie lists them all)."""
    best = max(values.values(), default=0)
    if not best or best <= 0:
        return best, []
    return best, [person for person, value in values.items() if value == best]


def longest_run(nights: Sequence[Hashable], scored: Mapping[Hashable, set[Hashable]]) -> dict[Hashable, int]:
    """Each person's longest run of consecutive ``nights`` (in order) with the night in ``scored[person]``
    (a night that is not in ``nights`` is no part of any run).

    Linear in the people's own nights, not people times nights: at 100 pubs a season has 6,000 players and
    4,000 nights, and walking every night for every player took seconds. Each night's place in the order,
    a person's places sorted, and a run is places that follow each other."""
    place = {night: k for k, night in enumerate(nights)}
    runs = {}
    for person, hits in scored.items():
        best = run = 0
        previous = None
        for k in sorted(place[night] for night in hits if night in place):
            run = run + 1 if previous is not None and k == previous + 1 else 1
            best = max(best, run)
            previous = k
        runs[person] = best
    return runs


_COUNTS = (
    "hands",
    "sat_out",
    "vpip",
    "pfr",
    "bets_raises",
    "calls",
    "showdowns",
    "showdowns_won",
    "all_ins",
    "all_ins_survived",
    "biggest_pot",
)
_SHARE_BASE = 2520  # every share 1/k of a pot with k <= 10 winners, and their sums, are whole 2520ths


def _key(value: Hashable) -> object:
    return list(value) if isinstance(value, tuple) else value


def _unkey(value: object) -> Hashable:
    return tuple(value) if isinstance(value, list) else value


def as_plain(stats: PlayerStats) -> list[Any]:
    """The counts of ``stats`` as one short JSON list (a season's worth is read on every statistics page):
    the counts in :data:`_COUNTS` order, the biggest pot's hand (a tuple becomes a list), the knockouts as
    numerator and denominator. The knockouts' list is apart: :func:`knockouts_as_plain`."""
    return [
        *(getattr(stats, name) for name in _COUNTS),
        _key(stats.biggest_pot_hand),
        stats.knockouts.numerator,
        stats.knockouts.denominator,
    ]


def knockouts_as_plain(stats: PlayerStats) -> list[list[Any]]:
    return [[_key(k.hand), _key(k.victim), k.share.numerator, k.share.denominator] for k in stats.knockout_list]


def _knockouts(plain: Sequence[Sequence[Any]]) -> list[Knockout]:
    return [Knockout(_unkey(hand), _unkey(victim), Fraction(num, den)) for hand, victim, num, den in plain]


def from_plain(plain: Sequence[Any], knockouts: Sequence[Sequence[Any]] = ()) -> PlayerStats:
    """:func:`as_plain` (and :func:`knockouts_as_plain`) back: equal to what was kept."""
    stats = PlayerStats(*plain[:11])
    stats.biggest_pot_hand = _unkey(plain[11])
    stats.knockouts = Fraction(plain[12], plain[13])
    stats.knockout_list = _knockouts(knockouts)
    return stats


def add_plain(parts: Iterable[tuple[Hashable, Sequence[Any], Sequence[Sequence[Any]]]]) -> dict[Hashable, PlayerStats]:
    """``(person, as_plain, knockouts_as_plain or ())`` added up per person, in order: the same as
    :func:`merge` of :func:`from_plain`, but quick enough for a season's rows on every view."""
    counts: dict[Hashable, list[int]] = {}
    biggest: dict[Hashable, tuple[int, object]] = {}
    knockouts: dict[Hashable, int] = {}
    odd_knockouts: dict[Hashable, Fraction] = {}  # shares that are not whole 2520ths (more than 10 winners)
    lists: dict[Hashable, list[Knockout]] = {}
    for person, plain, knockout_list in parts:
        total = counts.get(person)
        if total is None:
            total = counts[person] = [0] * 10
            biggest[person] = (0, None)
            knockouts[person] = 0
        for k in range(10):
            total[k] += plain[k]
        if plain[10] > biggest[person][0]:
            biggest[person] = (plain[10], plain[11])
        num, den = plain[12], plain[13]
        if _SHARE_BASE % den:
            odd_knockouts[person] = odd_knockouts.get(person, Fraction(0)) + Fraction(num, den)
        else:
            knockouts[person] += num * (_SHARE_BASE // den)
        if knockout_list:
            lists.setdefault(person, []).extend(_knockouts(knockout_list))
    result = {}
    for person, total in counts.items():
        stats = PlayerStats(*total)  # type: ignore[arg-type]  # the ten counts: its first ten fields
        stats.biggest_pot, hand = biggest[person]
        stats.biggest_pot_hand = _unkey(hand)
        stats.knockouts = Fraction(knockouts[person], _SHARE_BASE) + odd_knockouts.get(person, 0)
        stats.knockout_list = lists.get(person, [])
        result[person] = stats
    return result
