"""A finished hand as a sequence of frames, one per action, for the hand replayer.

Pure Python, no Django import. Frame 0 is the hand after the blinds; each
recorded action adds a frame (with the automatic checks and folds of players
sitting out that followed it); the last frame is the settlement: the board,
the pots with their winners and the final stacks. Hole cards appear only in
the last frame and only for players who were in the showdown
(:attr:`PlayedHand.shown`); no frame holds anyone else's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.poker.cards import format_cards
from tournaments.poker.holdem import Hand, Step
from tournaments.poker.replay import PlayedHand

__all__ = ["SeatView", "PotView", "Frame", "hand_frames"]

_BOARD_SIZE = {"preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}


@dataclass(frozen=True)
class SeatView:
    name: str
    stack: int  # chips behind
    committed: int  # in front of him on this betting round
    folded: bool
    all_in: bool
    sitting_out: bool
    button: bool
    to_act: bool
    cards: tuple[str, ...] | None  # shown cards, last frame only
    won: int = 0  # last frame: chips won from the pots


@dataclass(frozen=True)
class PotView:
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()
    shares: tuple[int, ...] = ()


@dataclass(frozen=True)
class Frame:
    index: int
    street: str
    board: tuple[str, ...]  # cards on the table ("" for a card the dealer did not record)
    steps: tuple[Step, ...]  # what happened since the previous frame
    seats: tuple[SeatView, ...]
    pot_total: int
    pots: tuple[PotView, ...]
    final: bool = False
    returned: tuple[tuple[str, int], ...] = ()
    uncalled: tuple[str, int] | None = None  # the part of the largest bet nobody has matched (yet)
    betting_over: bool = False

    @property
    def pot_shown(self) -> int:
        """The pot as the table sees it: every chip in the middle while the betting runs; once it is over an
        uncalled bet goes back to its player, so it is not part of the pot (the pots add up to this)."""
        if self.betting_over and self.uncalled is not None:
            return self.pot_total - self.uncalled[1]
        return self.pot_total


def _board(played: PlayedHand, count: int) -> tuple[str, ...]:
    cards = [format_cards([card]) for card in played.board[:count]]
    return tuple(cards + [""] * (count - len(cards)))


def _frame(played: PlayedHand, engine: Hand, index: int, steps: tuple[Step, ...]) -> Frame:
    stacks, committed = engine.stacks, engine.committed
    folded, all_in, away = set(engine.folded), set(engine.all_in), set(engine.sitting_out)
    seats = tuple(
        SeatView(
            name,
            stacks[name],
            committed[name],
            name in folded,
            name in all_in,
            name in away,
            name == engine.button,
            name == engine.to_act,
            None,
        )
        for name, start in zip(engine.names, engine.starting_stacks)
        if start > 0
    )
    if engine.is_betting_over:
        # No more betting: the rest of the board is shown with the settlement, in the last frame.
        count = _BOARD_SIZE[engine.history[-1].street]
    else:
        count = _BOARD_SIZE[engine.street]
    pots = tuple(PotView(pot.amount, pot.eligible) for pot in engine.pots())
    return Frame(
        index,
        engine.street,
        _board(played, count),
        steps,
        seats,
        engine.pot_total,
        pots,
        uncalled=engine.uncalled,
        betting_over=engine.is_betting_over,
    )


def hand_frames(played: PlayedHand) -> list[Frame]:
    """Every frame of the hand, the settlement last."""
    engine = Hand(played.setup)
    frames = [_frame(played, engine, 0, tuple(engine.history))]
    for action in played.hand.actions:
        before = len(engine.history)
        engine.apply(action)
        frames.append(_frame(played, engine, len(frames), tuple(engine.history[before:])))
    result, shown = played.result, played.shown
    won: dict[str, int] = {}
    for pot in result.pots:
        for name, share in zip(pot.winners, pot.shares):
            won[name] = won.get(name, 0) + share
    seats = tuple(
        SeatView(
            seat.name,
            result.stacks[seat.name],
            0,
            seat.folded,
            False,
            seat.sitting_out,
            seat.button,
            False,
            tuple(format_cards([c]) for c in shown[seat.name]) if seat.name in shown else None,
            won.get(seat.name, 0),
        )
        for seat in frames[-1].seats
    )
    count = 5 if played.showdown else engine.board_cards_needed
    frames.append(
        Frame(
            len(frames),
            "showdown" if played.showdown else "complete",
            _board(played, count),
            (),
            seats,
            0,
            tuple(PotView(pot.amount, pot.eligible, pot.winners, pot.shares) for pot in result.pots),
            final=True,
            returned=tuple(result.returned.items()),
        )
    )
    return frames
