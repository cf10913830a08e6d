"""The cash book: a night's money balances to the cent, counts, reversals, the season payout and the property
that the book's balances are the sums of the money rows it derives from."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.cashbook import audit
from league.cashbook import book as cashbook
from league.desk import services as league_services
from league.models import CashBox, CashCount, CashLine, Entry, JackpotDeposit, LineKind, NightStatus
from results import jackpot
from results import payout as results_payout
from tests.league.factories import FEE, make_night, make_player, make_season
from tests.tournaments.conftest import paid_night, table_of
from tournaments.floor import late_entries, services
from tournaments.models import Table, TableStatus
from tournaments.placements import paper as manual_results

pytestmark = pytest.mark.django_db
BOX, FUND = CashBox.ORGANIZER.value, CashBox.REGISTER.value


def finish_on_paper(table, organizer) -> None:
    seats = list(table.seats.order_by("position"))
    manual_results.record_paper_results(
        table=table,
        places=[(seat.pk, k) for k, seat in enumerate(seats, start=1)],
        by=organizer,
        version=manual_results.results_version(table),
    )


def build_full_night(organizer):
    """13 paid at the desk, one paid and withdrawn (refund), a float of 50 €, one who paid late after the draw,
    three tables finished on paper and their jackpot sums confirmed at the register: 162 € expected in the box."""
    night = paid_night(organizer, 13)
    cashbook.book_line(
        season=night.season, night=night, box=BOX, amount=Decimal("50.00"), reason="Wechselgeld", by=organizer
    )
    gone = league_services.register_player(night=night, player=make_player("Gerd Geht"), by=organizer, fee=FEE)
    league_services.withdraw_entry(entry=gone, by=organizer, reason="krank")
    late = league_services.register_player(night=night, player=make_player("Uwe Spät"), by=organizer)
    tables = services.draw_seating(night=night, rng=random.Random(5))
    late_entries.pay_and_seat_entry(entry=late, fee=FEE, by=organizer)
    for table in tables:
        table.refresh_from_db()
        finish_on_paper(table, organizer)
        jackpot.confirm_deposit(table=table, by=organizer)
    night.refresh_from_db()
    return night


@pytest.fixture
def full_night(organizer):
    return build_full_night(organizer)


# --- a night balances ---------------------------------------------------------------------


def test_a_night_with_fees_a_refund_a_late_entry_and_three_deposits_balances_to_the_cent(full_night):
    cash = cashbook.night_cash(full_night)
    assert JackpotDeposit.objects.filter(table__night=full_night).count() == 3
    assert cash.brought_forward == Decimal("0.00")
    assert cash.fees == Decimal("150.00")  # 13 + the withdrawn one + the late one
    assert cash.refunds == Decimal("10.00")
    assert cash.deposits == Decimal("28.00")  # 14 seated players x 2 €
    assert cash.other == Decimal("50.00")
    assert cash.expected == Decimal("162.00") == cashbook.balances()[BOX]
    assert cashbook.balances()[FUND] == Decimal("28.00")
    assert cash.tables_without_deposit == 0


def test_a_matching_count_closes_without_a_reason_and_books_no_difference(full_night, organizer):
    count = cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("162.00"), witness="Wirtin Maria")
    assert (count.expected, count.counted, count.difference, count.difference_line) == (
        Decimal("162.00"),
        Decimal("162.00"),
        Decimal("0.00"),
        None,
    )
    assert not CashLine.objects.filter(kind=LineKind.DIFFERENCE).exists()


def test_a_count_that_differs_is_refused_without_a_reason_and_nothing_is_booked(full_night, organizer):
    lines = CashLine.objects.count()
    with pytest.raises(cashbook.CashError, match="differs from the expected €162.00 by -€0.50: give a reason"):
        cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("161.50"), reason="  ")
    assert CashLine.objects.count() == lines and not CashCount.objects.exists()


def test_a_count_that_differs_is_recorded_with_its_reason_and_the_box_then_holds_the_count(full_night, organizer):
    count = cashbook.close_night_cash(
        night=full_night, by=organizer, counted=Decimal("161.50"), reason="Wechselgeld falsch"
    )
    assert count.difference == Decimal("-0.50") and count.reason == "Wechselgeld falsch"
    assert count.difference_line.amount == Decimal("-0.50") and count.difference_line.kind == LineKind.DIFFERENCE
    assert cashbook.balances()[BOX] == Decimal("161.50")
    # The closed night still shows what was expected; the next night starts from the count.
    assert cashbook.night_cash(full_night).expected == Decimal("162.00")
    nxt = make_night(full_night.season, date=full_night.date + datetime.timedelta(days=7))
    assert cashbook.night_cash(nxt).brought_forward == Decimal("161.50")


def test_a_night_is_closed_once(full_night, organizer):
    cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("162.00"))
    with pytest.raises(cashbook.CashError, match="already closed by organizer"):
        cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("162.00"))
    assert CashCount.objects.count() == 1


def test_the_count_by_denomination_gives_the_total_and_must_agree_with_a_typed_one(full_night, organizer):
    pieces = {"100": 1, "50": 1, "10": 1, "2": 1}
    with pytest.raises(cashbook.CashError, match="add up to €162.00, but the total says €160.00"):
        cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("160"), denominations=pieces)
    with pytest.raises(cashbook.CashError, match="not a euro note or coin"):
        cashbook.close_night_cash(night=full_night, by=organizer, denominations={"3": 1})
    count = cashbook.close_night_cash(night=full_night, by=organizer, denominations=pieces)
    assert count.counted == Decimal("162.00") and count.denominations == pieces


def test_a_closed_night_takes_no_more_lines_in_its_box(full_night, organizer):
    cashbook.close_night_cash(night=full_night, by=organizer, counted=Decimal("162.00"))
    with pytest.raises(cashbook.CashError, match="is closed"):
        cashbook.book_line(
            season=full_night.season, night=full_night, box=BOX, amount=Decimal("-5"), reason="Bier", by=organizer
        )


# --- stored lines and reversals -------------------------------------------------------------


def test_a_reversal_restores_the_balance_and_names_the_line_it_reverses(full_night, organizer):
    before = cashbook.balances()
    deck = cashbook.book_line(
        season=full_night.season,
        night=full_night,
        box=BOX,
        amount=Decimal("-12.50"),
        reason="Karten gekauft",
        by=organizer,
    )
    assert cashbook.balances()[BOX] == before[BOX] - Decimal("12.50")
    reversal = cashbook.reverse_line(ref=deck.ref, reason="doppelt gebucht", by=organizer)
    assert reversal.reverses == deck.ref and reversal.amount == Decimal("12.50") and reversal.kind == LineKind.REVERSAL
    assert cashbook.balances() == before
    line = cashbook.find_line(deck.ref)
    assert line.reversed_by == reversal.ref and not line.reversible


def test_a_line_cannot_be_reversed_twice_nor_a_reversal_reversed(full_night, organizer):
    deck = cashbook.book_line(
        season=full_night.season, box=BOX, amount=Decimal("-12.50"), reason="Karten", by=organizer
    )
    reversal = cashbook.reverse_line(ref=deck.ref, reason="Irrtum", by=organizer)
    with pytest.raises(cashbook.CashError, match="already reversed: Reversal: "):
        cashbook.reverse_line(ref=deck.ref, reason="nochmal", by=organizer)
    with pytest.raises(cashbook.CashError, match="cannot be reversed"):
        cashbook.reverse_line(ref=reversal.ref, reason="zurück", by=organizer)
    with pytest.raises(cashbook.CashError, match="Give a reason"):
        cashbook.reverse_line(ref="fee-1", reason=" ", by=organizer)
    with pytest.raises(cashbook.CashError, match="no cash book line"):
        cashbook.reverse_line(ref="line-99999", reason="x", by=organizer)
    assert CashLine.objects.filter(kind=LineKind.REVERSAL).count() == 1


def test_bad_manual_lines_are_refused_and_nothing_is_booked(organizer):
    season = make_season()
    other = make_night(
        make_season(name="Andere", start_date=datetime.date(2025, 1, 1), end_date=datetime.date(2025, 6, 1)),
        date=datetime.date(2025, 2, 5),
    )
    for kwargs, message in [
        ({"amount": Decimal("0")}, "cannot be zero"),
        ({"amount": Decimal("1.234")}, "euros and cents"),
        ({"amount": Decimal("5"), "reason": " "}, "Give a reason"),
        ({"amount": Decimal("5"), "box": "safe"}, "Choose the cash box"),
        ({"amount": Decimal("5"), "night": other}, "another season"),
    ]:
        arguments = {"season": season, "box": BOX, "reason": "Karten", "by": organizer, **kwargs}
        with pytest.raises(cashbook.CashError, match=message):
            cashbook.book_line(**arguments)
    assert not CashLine.objects.exists()


def test_the_book_filters_by_night_season_and_dates_with_the_box_s_running_balance(full_night, organizer):
    later = make_night(full_night.season, date=full_night.date + datetime.timedelta(days=7))
    line = cashbook.book_line(
        season=full_night.season, night=later, box=BOX, amount=Decimal("-3.00"), reason="Kreide", by=organizer
    )
    book = cashbook.cash_book(night=later)
    assert [entry.ref for entry in book.lines] == [line.ref]
    assert book.opening[BOX] == Decimal("162.00") and book.closing[BOX] == Decimal("159.00")
    assert book.lines[0].balance == Decimal("159.00")
    whole = cashbook.cash_book(season=full_night.season)
    assert len(whole.lines) == 15 + 1 + 1 + 6 + 1  # 15 fees, a refund, the float, deposits out and in, chalk
    assert cashbook.cash_book(box=FUND).closing == {BOX: Decimal("159.00"), FUND: Decimal("28.00")}
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    assert cashbook.cash_book(date_from=tomorrow).lines == []


# --- the season payout ------------------------------------------------------------------------


@pytest.fixture
def tied_season(organizer):
    """Two tables of three on one night, jackpot share 2.01 and split 51/29/20: the two winners tie for
    places 1-2 and the two seconds for places 3-4 (equal points, places and nights)."""
    season = make_season(jackpot_share=Decimal("2.01"), jackpot_payout_split="51,29,20")
    night = make_night(season)
    for names in (["Anna", "Carl", "Emil"], ["Bert", "Dora", "Fritz"]):
        table = table_of({name: 1500 for name in names}, organizer, night=night)
        finish_on_paper(table, organizer)
        jackpot.confirm_deposit(table=table, by=organizer)
    night.status = NightStatus.FINISHED
    night.save()
    return season


def test_a_tie_on_the_payout_places_splits_their_money_cent_exactly(tied_season):
    payout = results_payout.season_payout(tied_season)
    assert payout.total == Decimal("12.06")
    assert payout.place_amounts == [Decimal("6.16"), Decimal("3.49"), Decimal("2.41")]
    got = {s.share.name: (s.places, s.share.amount, s.share.extra_cent) for s in payout.shares}
    assert got == {
        "Anna": ("1.–2.", Decimal("4.83"), True),
        "Bert": ("1.–2.", Decimal("4.82"), False),
        "Carl": ("3.–4.", Decimal("1.21"), True),
        "Dora": ("3.–4.", Decimal("1.20"), False),
    }
    assert sum(s.share.amount for s in payout.shares) == payout.total
    assert payout.owed == payout.total and payout.paid == 0


def test_a_payment_is_recorded_and_shows_as_paid_and_owed(tied_season, organizer):
    anna = tied_season.nights.get().entries.get(player__name="Anna").player
    results_payout.record_payout(
        season=tied_season, player=anna, amount=Decimal("4.00"), method="cash", by=organizer, season_over=True
    )
    payout = results_payout.season_payout(tied_season)
    share = payout.for_player(anna.pk)
    assert share.paid == Decimal("4.00") and share.owed == Decimal("0.83")
    assert cashbook.balances()[FUND] == Decimal("8.06")
    with pytest.raises(cashbook.CashError, match="is owed €0.83"):
        results_payout.record_payout(
            season=tied_season, player=anna, amount=Decimal("1.00"), method="transfer", by=organizer, season_over=True
        )
    line = CashLine.objects.get(kind=LineKind.PAYOUT)
    cashbook.reverse_line(ref=line.ref, reason="falsch gezählt", by=organizer)
    assert results_payout.season_payout(tied_season).for_player(anna.pk).owed == Decimal("4.83")


def test_payments_are_refused_to_players_without_a_share_and_before_the_standings_are_final(tied_season, organizer):
    emil = tied_season.nights.get().entries.get(player__name="Emil").player
    with pytest.raises(cashbook.CashError, match="Emil has no share"):
        results_payout.record_payout(
            season=tied_season, player=emil, amount=Decimal("1"), method="cash", by=organizer, season_over=True
        )
    anna = tied_season.nights.get().entries.get(player__name="Anna").player
    with pytest.raises(cashbook.CashError, match="cash or bank transfer"):
        results_payout.record_payout(
            season=tied_season, player=anna, amount=Decimal("1"), method="cheque", by=organizer, season_over=True
        )
    make_night(tied_season, date=datetime.date(2026, 12, 2))
    with pytest.raises(cashbook.CashError, match="not finished"):
        results_payout.record_payout(
            season=tied_season, player=anna, amount=Decimal("1"), method="cash", by=organizer, season_over=True
        )
    assert not CashLine.objects.exists()


# --- the property: the book's balances are the money rows' sums -----------------------------------


def balances_from_rows() -> dict[str, Decimal]:
    """Straight from the rows with the database's own sums, independently of league.cashbook.book."""

    # To the cent: SQLite adds decimals as floats and Django does not round an aggregate back.
    def total(rows, field: str) -> Decimal:
        return (rows.aggregate(t=Sum(field))["t"] or Decimal(0)).quantize(Decimal("0.01"))

    fees = total(Entry.objects, "fee_paid")
    refunds = total(Entry.objects, "refund_amount")
    deposits = total(JackpotDeposit.objects, "amount")
    box_lines = total(CashLine.objects.filter(box=BOX), "amount")
    fund_lines = total(CashLine.objects.filter(box=FUND), "amount")
    return {BOX: fees - refunds - deposits + box_lines, FUND: deposits + fund_lines}


cents = st.integers(min_value=1, max_value=5000).map(lambda n: Decimal(n) / 100)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("pay"), st.integers(min_value=200, max_value=2500).map(lambda n: Decimal(n) / 100)),
        st.tuples(st.just("unpaid"), st.just(None)),
        st.tuples(st.just("take_fee"), st.integers(min_value=200, max_value=2500).map(lambda n: Decimal(n) / 100)),
        st.tuples(st.just("withdraw"), st.integers(min_value=0, max_value=30)),
        st.tuples(st.just("line"), st.tuples(st.sampled_from([BOX, FUND]), cents, st.booleans())),
        st.tuples(st.just("reverse"), st.integers(min_value=0, max_value=60)),
        st.tuples(st.just("deposit"), st.integers(min_value=0, max_value=3000).map(lambda n: Decimal(n) / 100)),
    ),
    max_size=25,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(nights=st.lists(steps, min_size=1, max_size=3))
def test_the_books_balance_equals_the_sum_of_the_money_rows_it_derives_from(organizer, nights):
    with transaction.atomic():
        season = make_season()
        tally = {BOX: Decimal("0.00"), FUND: Decimal("0.00")}
        for index, night_steps in enumerate(nights):
            night = make_night(season, date=datetime.date(2026, 9, 2) + datetime.timedelta(days=7 * index))
            entries: list[Entry] = []
            for number, (step, value) in enumerate(night_steps):
                if step in ("pay", "unpaid"):
                    player = make_player(f"P{index}-{number}")
                    entries.append(league_services.register_player(night=night, player=player, by=organizer, fee=value))
                    tally[BOX] += value or 0
                elif step == "take_fee" and [e for e in entries if not e.is_paid and not e.is_withdrawn]:
                    entry = [e for e in entries if not e.is_paid and not e.is_withdrawn][0]
                    entries[entries.index(entry)] = league_services.take_fee(entry=entry, amount=value, by=organizer)
                    tally[BOX] += value
                elif step == "withdraw" and entries:
                    entry = entries[value % len(entries)]
                    if not entry.is_withdrawn:
                        entries[entries.index(entry)] = done = league_services.withdraw_entry(entry=entry, by=organizer)
                        tally[BOX] -= done.refund_amount or 0
                elif step == "line":
                    box, amount, out = value
                    signed = -amount if out else amount
                    cashbook.book_line(season=season, night=night, box=box, amount=signed, reason="x", by=organizer)
                    tally[box] += signed
                elif step == "reverse":
                    open_lines = [line for line in cashbook.all_lines() if line.reversible]
                    if open_lines:
                        line = open_lines[value % len(open_lines)]
                        cashbook.reverse_line(ref=line.ref, reason="Irrtum", by=organizer)
                        if line.kind == LineKind.DEPOSIT:  # either half reverses the whole deposit
                            tally[BOX] += abs(line.amount)
                            tally[FUND] -= abs(line.amount)
                        else:
                            tally[line.box] -= line.amount
                        # A fee's reversal closes its entry and registers the player again, unpaid.
                        entries = list(Entry.objects.filter(night=night).order_by("pk"))
                elif step == "deposit":
                    table = Table.objects.create(
                        night=night, number=night.tables.count() + 1, status=TableStatus.FINISHED
                    )
                    JackpotDeposit.objects.create(table=table, amount=value, confirmed_by=organizer)
                    tally[BOX] -= value
                    tally[FUND] += value
        book = cashbook.all_lines()
        assert cashbook.balances() == tally == balances_from_rows() == cashbook.box_balances()
        for box in (BOX, FUND):
            in_box = [line for line in book if line.box == box]
            assert (in_box[-1].balance if in_box else Decimal("0.00")) == tally[box]
        for night in season.nights.all():
            cash = cashbook.night_cash(night)
            assert cash.expected == cash.brought_forward + sum(line.amount for line in cash.lines) == tally[BOX]
            assert [line.ref for line in cash.lines] == [
                line.ref for line in book if line.night_id == night.pk and line.box == BOX
            ]
        assert list(audit.audit_cash_book(audit.Counts())) == []  # every fee and refund line agrees with its entry
        transaction.set_rollback(True)


def test_stored_lines_and_counts_have_no_edit_path():
    import re
    from pathlib import Path

    from django.contrib import admin

    assert CashLine not in admin.site._registry and CashCount not in admin.site._registry
    source = Path(cashbook.__file__).read_text()
    assert ".update(" not in source and ".delete(" not in source
    # The one write to an existing row: the mark of a whole reversal or of a reopened count (who, when, why).
    saves = re.findall(r"\.save\(([^)]*)\)", source)
    assert saves == [
        'update_fields=["reversed_at", "reversed_by", "reversal_reason"]',
        'update_fields=["reopened_at", "reopened_by", "reopen_reason"]',
    ], saves


def _deposit_of(night) -> JackpotDeposit:
    return JackpotDeposit.objects.filter(table__night=night).select_related("table").order_by("pk").first()


@pytest.mark.parametrize("half", ["deposit-out", "deposit-in"])
def test_either_half_of_a_deposit_reverses_the_whole_deposit_and_the_table_owes_it_again(full_night, organizer, half):
    deposit = _deposit_of(full_night)
    before, jackpot_before = cashbook.balances(), jackpot.season_jackpot(full_night.season).total
    cashbook.reverse_line(ref=f"{half}-{deposit.pk}", reason="falscher Tisch bestätigt", by=organizer)

    assert cashbook.balances() == {BOX: before[BOX] + deposit.amount, FUND: before[FUND] - deposit.amount}
    lines = {line.ref: line for line in cashbook.all_lines()}
    assert (
        lines[f"deposit-out-{deposit.pk}"].reversed_by and lines[f"deposit-in-{deposit.pk}"].reversed_by
    )  # both halves
    reversals = CashLine.objects.filter(kind=LineKind.REVERSAL).order_by("box")
    assert sorted((r.reverses, r.amount) for r in reversals) == sorted(
        [(f"deposit-out-{deposit.pk}", deposit.amount), (f"deposit-in-{deposit.pk}", -deposit.amount)]
    )
    deposit.refresh_from_db()
    assert (
        deposit.is_reversed
        and deposit.reversed_by == organizer
        and deposit.reversal_reason == "falscher Tisch bestätigt"
    )
    # The deposit's state: the table owes its sum again, the season jackpot no longer counts it.
    assert jackpot.season_jackpot(full_night.season).total == jackpot_before - deposit.amount
    assert cashbook.night_cash(full_night).tables_without_deposit == 1
    again = jackpot.confirm_deposit(table=deposit.table, by=organizer)  # paid in again, confirmed anew
    assert again.pk != deposit.pk and jackpot.season_jackpot(full_night.season).total == jackpot_before
    assert cashbook.box_balances() == cashbook.balances() == {BOX: before[BOX], FUND: before[FUND]}
    with pytest.raises(cashbook.CashError, match="already reversed"):
        cashbook.reverse_line(ref=f"deposit-in-{deposit.pk}", reason="nochmal", by=organizer)


def test_a_closed_nights_counting_difference_cannot_be_reversed(full_night, organizer):
    count = cashbook.close_night_cash(
        night=full_night, by=organizer, counted=Decimal("161.50"), reason="ein Fünfziger fehlt"
    )
    assert count.difference_line is not None
    lines = CashLine.objects.count()
    with pytest.raises(cashbook.CashError, match="closed count"):
        cashbook.reverse_line(ref=count.difference_line.ref, reason="doch gefunden", by=organizer)
    assert CashLine.objects.count() == lines


def test_a_closed_nights_lines_change_only_after_its_count_is_reopened_which_is_recorded(full_night, organizer):
    first = cashbook.close_night_cash(
        night=full_night, by=organizer, counted=Decimal("161.50"), reason="ein Fünfziger fehlt"
    )
    float_ = CashLine.objects.get(kind=LineKind.MANUAL, reason="Wechselgeld")
    deposit = _deposit_of(full_night)
    lines = CashLine.objects.count()
    for ref in (float_.ref, f"deposit-out-{deposit.pk}", f"deposit-in-{deposit.pk}"):
        with pytest.raises(cashbook.CashError, match="reopen the count first"):
            cashbook.reverse_line(ref=ref, reason="Irrtum", by=organizer)
    assert CashLine.objects.count() == lines and not JackpotDeposit.objects.get(pk=deposit.pk).is_reversed

    with pytest.raises(cashbook.CashError, match="reason for reopening"):
        cashbook.reopen_night_cash(night=full_night, by=organizer, reason="  ")
    reopened = cashbook.reopen_night_cash(night=full_night, by=organizer, reason="Freilos falsch kassiert")
    assert (reopened.pk, reopened.reopened_by, reopened.reopen_reason) == (
        first.pk,
        organizer,
        "Freilos falsch kassiert",
    )
    assert reopened.reopened_at is not None and not cashbook.night_cash(full_night).closed
    with pytest.raises(cashbook.CashError, match="no count to reopen"):
        cashbook.reopen_night_cash(night=full_night, by=organizer, reason="nochmal")

    cashbook.reverse_line(ref=float_.ref, reason="Wechselgeld gehörte der Wirtin", by=organizer)
    cash = cashbook.night_cash(full_night)
    assert cash.expected == Decimal("111.50")  # the first count's difference stays booked; the float is gone
    second = cashbook.close_night_cash(night=full_night, by=organizer, counted=cash.expected)
    assert second.difference == 0 and cashbook.night_cash(full_night).count == second
    assert [c.pk for c in cashbook.reopened_counts(full_night)] == [first.pk]
    assert CashLine.objects.get(pk=first.difference_line_id).amount == Decimal(
        "-0.50"
    )  # nothing of the first count edited
