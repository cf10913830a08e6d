"""Short ways to write a table and its actions in the engine's tests."""

from __future__ import annotations

from tournaments.poker.holdem import Action, Hand, HandSetup, Seat, replay


def table(*players: str, button: str, blinds: tuple[int, int] = (25, 50), rule: str = "standard") -> HandSetup:
    """``table("Anna 1500", "Ben 900 out", "Carl 40", button="Anna")``: name,
    stack and an optional ``out`` for sitting out, in seating order."""
    seats = []
    for text in players:
        name, stack, *flags = text.split()
        seats.append(Seat(name, int(stack), "out" in flags))
    return HandSetup(tuple(seats), button, blinds[0], blinds[1], rule)


def actions(text: str) -> list[Action]:
    """``"Dora raise 150, Anna call, Carl allin"`` -> actions."""
    result = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        name, verb, *amount = words
        result.append(Action(name, verb, int(amount[0]) if amount else None))
    return result


def play(setup: HandSetup, text: str = "") -> Hand:
    return replay(setup, actions(text))
