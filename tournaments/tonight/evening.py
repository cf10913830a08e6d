"""The organizer's evening as steps in order, each done, due now or later. Pure: plain facts in, plain steps out.

A league night runs the same way every week (docs/rules.md section 1): registration at the desk, the seating
draw, a first dealer per table, the tables' dealer links printed as QR codes, the clock started, a phone at
every tracked table, the tables played down, each table's jackpot sum paid in at the register and confirmed,
the organizer's cash box counted and the night finished. Tonight's page (`tournaments.tonight`) shows these
steps with the one that is due first. A step is due when every step before it is done; some can be done out
of order (the clock may start before the QR codes are printed), and a done step stays done. A night finished
early (the organizer may finish it at any time) shows the steps that never happened as skipped, not done.
"""

from __future__ import annotations

from dataclasses import dataclass

DONE, NOW, LATER, SKIPPED = "done", "now", "later", "skipped"

STEPS = (
    "registration",
    "draw",
    "first_dealers",
    "qr_codes",
    "clock",
    "phones",
    "tables_finished",
    "deposits",
    "cash",
    "finished",
)


@dataclass(frozen=True)
class TableFacts:
    number: int
    first_dealer: bool
    qr_printed: bool
    phone_opened: bool  # a phone has opened the table's dealer link
    on_paper: bool  # its result was typed in from the paper sheet: no phone needed
    finished: bool
    deposit_confirmed: bool


@dataclass(frozen=True)
class EveningFacts:
    status: str  # the night's: "registration", "closed", "seated", "finished"
    entries: int  # active entries
    paid: int
    tables: tuple[TableFacts, ...] = ()
    clock_started: bool = False
    cash_counted: bool = False


@dataclass(frozen=True)
class Step:
    key: str
    state: str  # DONE, NOW, LATER or SKIPPED
    tables: tuple[int, ...] = ()  # the numbers of the tables this step still waits for


def _waiting(facts: EveningFacts) -> dict[str, tuple[int, ...]]:
    """For each per-table step: the tables it still waits for."""
    tables = facts.tables
    return {
        "first_dealers": tuple(t.number for t in tables if not t.first_dealer and not t.finished),
        # A printed code is not needed by a table whose phone is already in, or that is over.
        "qr_codes": tuple(t.number for t in tables if not (t.qr_printed or t.phone_opened or t.on_paper or t.finished)),
        "phones": tuple(t.number for t in tables if not (t.phone_opened or t.on_paper or t.finished)),
        "tables_finished": tuple(t.number for t in tables if not t.finished),
        "deposits": tuple(t.number for t in tables if not t.deposit_confirmed),
    }


def _done(key: str, facts: EveningFacts, waiting: dict[str, tuple[int, ...]]) -> bool:
    if key == "registration":
        return facts.status != "registration"  # closed, or over with the draw
    if key == "draw":
        return facts.status == "seated" or (facts.status == "finished" and bool(facts.tables))
    if key == "clock":
        return facts.clock_started
    if key == "cash":
        return facts.cash_counted
    if key == "finished":
        return facts.status == "finished"
    # Per-table steps: done once the tables are drawn and none is waiting.
    return facts.status in ("seated", "finished") and bool(facts.tables) and not waiting[key]


def evening_steps(facts: EveningFacts) -> list[Step]:
    """The steps in order: done ones, the first one not done (due now), and the rest (later). Once the night is
    finished nothing is due but counting the cash box, which may follow; what never happened was skipped."""
    waiting = _waiting(facts)
    over = facts.status == "finished"
    steps = []
    due = None
    for key in STEPS:
        if _done(key, facts, waiting):
            state = DONE
        elif over and key != "cash":
            state = SKIPPED
        elif due is None:
            state = due = NOW
        else:
            state = LATER
        steps.append(Step(key, state, waiting.get(key, ()) if state not in (DONE, SKIPPED) else ()))
    return steps


def table_gaps(table: TableFacts) -> tuple[str, ...]:
    """What a table still lacks, in the order the evening needs it: a first dealer, a phone on the dealer link,
    its result (it plays), the deposit of its jackpot sum (its result is not confirmed)."""
    gaps = []
    if not table.finished:
        if not table.first_dealer:
            gaps.append("first_dealer")
        if not (table.phone_opened or table.on_paper):
            gaps.append("phone")
        gaps.append("playing")
    elif not table.deposit_confirmed:
        gaps.append("deposit")
    return tuple(gaps)
