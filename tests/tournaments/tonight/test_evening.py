"""The evening's steps in order (tournaments/tonight/evening.py, pure): which is done, which is due, which tables a
step still waits for."""

from __future__ import annotations

import ast
from pathlib import Path

from tournaments.tonight import evening
from tournaments.tonight.evening import DONE, LATER, NOW, SKIPPED, EveningFacts, TableFacts, evening_steps, table_gaps


def table(number=1, **changes) -> TableFacts:
    values = dict(
        number=number,
        first_dealer=False,
        qr_printed=False,
        phone_opened=False,
        on_paper=False,
        finished=False,
        deposit_confirmed=False,
    )
    values.update(changes)
    return TableFacts(**values)


def states(facts: EveningFacts) -> dict[str, str]:
    return {step.key: step.state for step in evening_steps(facts)}


def test_the_module_is_pure():
    tree = ast.parse(Path(evening.__file__).read_text())
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported <= {"__future__", "dataclasses"}


def test_an_open_registration_is_due_and_everything_else_comes_later():
    found = states(EveningFacts(status="registration", entries=3, paid=2))
    assert found["registration"] == NOW and list(found.values()).count(LATER) == 9


def test_after_the_draw_the_first_dealers_are_due_and_name_the_tables_that_lack_one():
    facts = EveningFacts(status="seated", entries=8, paid=8, tables=(table(1, first_dealer=True), table(2)))
    steps = {step.key: step for step in evening_steps(facts)}
    assert steps["registration"].state == steps["draw"].state == DONE
    assert steps["first_dealers"].state == NOW and steps["first_dealers"].tables == (2,)
    assert steps["phones"].state == LATER and steps["phones"].tables == (1, 2)


def test_a_step_done_out_of_order_stays_done_and_the_first_open_one_is_due():
    facts = EveningFacts(status="seated", entries=4, paid=4, tables=(table(first_dealer=True),), clock_started=True)
    found = states(facts)
    assert found["clock"] == DONE and found["qr_codes"] == NOW


def test_a_phone_on_the_link_makes_the_printed_code_needless_and_a_paper_table_needs_no_phone():
    facts = EveningFacts(
        status="seated",
        entries=8,
        paid=8,
        clock_started=True,
        tables=(
            table(1, first_dealer=True, phone_opened=True),
            table(2, first_dealer=True, on_paper=True, qr_printed=True),
        ),
    )
    found = states(facts)
    assert found["qr_codes"] == found["phones"] == DONE and found["tables_finished"] == NOW


def test_finished_tables_wait_for_their_deposits_then_the_cash_then_the_finish():
    done_table = table(first_dealer=True, phone_opened=True, finished=True)
    assert (
        states(EveningFacts(status="seated", entries=4, paid=4, clock_started=True, tables=(done_table,)))["deposits"]
        == NOW
    )
    confirmed = table(first_dealer=True, phone_opened=True, finished=True, deposit_confirmed=True)
    found = states(EveningFacts(status="seated", entries=4, paid=4, clock_started=True, tables=(confirmed,)))
    assert (found["deposits"], found["cash"], found["finished"]) == (DONE, NOW, LATER)
    found = states(
        EveningFacts(status="finished", entries=4, paid=4, clock_started=True, cash_counted=True, tables=(confirmed,))
    )
    assert set(found.values()) == {DONE}


def test_a_night_finished_early_shows_what_never_happened_as_skipped_not_done():
    playing = table(first_dealer=True)
    found = states(EveningFacts(status="finished", entries=4, paid=4, tables=(playing,)))
    assert found["registration"] == found["draw"] == found["first_dealers"] == found["finished"] == DONE
    assert found["clock"] == found["qr_codes"] == found["phones"] == found["tables_finished"] == SKIPPED
    assert found["deposits"] == SKIPPED and found["cash"] == NOW
    assert states(EveningFacts(status="finished", entries=0, paid=0))["draw"] == SKIPPED


def test_what_a_table_lacks_in_the_order_the_evening_needs_it():
    assert table_gaps(table()) == ("first_dealer", "phone", "playing")
    assert table_gaps(table(first_dealer=True, on_paper=True)) == ("playing",)
    assert table_gaps(table(finished=True)) == ("deposit",)
    assert table_gaps(table(finished=True, deposit_confirmed=True)) == ()
