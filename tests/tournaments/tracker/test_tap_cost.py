"""Issue 14: a dealer's tap runs at most five queries, and the tracker's snapshot never disagrees with the
replay of the stored actions (random taps, undos, settlements, sit-outs and disqualifications).

Queries are counted as Django logs them from the first middleware to the response, leaving out only the
statement that opens the tap's transaction: the "BEGIN" that SQLite's log shows and PostgreSQL's does not
(there the transaction starts implicitly), or the SAVEPOINT that stands for it inside a test's transaction.
The statement that closes it (COMMIT, or RELEASE SAVEPOINT here) is counted. Run with
DATABASE_URL=postgres://... to count on PostgreSQL itself.
"""

from __future__ import annotations

import difflib
import json
import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.conftest import Dealer, table_of
from tournaments.models import Action, Hand, HandStatus, Placement, PlacementReason
from tournaments.poker import holdem
from tournaments.tracker import services as tracker
from tournaments.tracker.services import reading, replaying
from tournaments.tracker.services import snapshot as snapshots

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_ACCEPT_LANGUAGE": "en"}
MAX_QUERIES = 5


def _counted(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if not q["sql"].upper().startswith(("BEGIN", "SAVEPOINT"))]


_SHELL = re.compile(r'<div class="panel-body" hx-get="([^"]+)\?panel=(\w+)"[^>]*></div>')


class Phone:
    """A dealer's phone on the test client: posts what the page offers, with the version it was shown, its
    panels closed as tracker.js reports them (the answers draw them as shells, their bodies fetched apart)."""

    def __init__(self, client, table) -> None:
        self.client = client
        self.url = reverse("dealer_tracker", args=[table.dealer_token])
        self.html = client.get(self.url, **HTMX).content.decode()
        self.taps: list[tuple[str, int]] = []
        self.shells = 0  # closed panels answered as a shell

    def opened(self) -> str:
        """The page with every panel opened: each shell's body fetched, as htmx does when the dealer opens it."""

        def body(shell: re.Match) -> str:
            self.shells += 1
            return self.client.get(shell.group(1), {"panel": shell.group(2)}, **HTMX).content.decode()

        return _SHELL.sub(body, self.html)

    @property
    def version(self) -> str:
        return re.search(r'data-version="([^"]+)"', self.html).group(1)

    def tap(self, refusal: str | None = None, **data) -> list[str]:
        """Posts one tap; the answer must carry no error (or only the expected `refusal`)."""
        with CaptureQueriesContext(connection) as queries:
            response = self.client.post(self.url, {"version": self.version, **data}, **HTMX, HTTP_X_TRACKER_OPEN="-")
        assert response.status_code == 200, response.content[:500]
        counted = _counted(queries)  # before the next request: each one empties Django's list of queries
        self.html = response.content.decode()
        self.html = self.opened()
        error = re.search(r'<li class="error">(.*?)</li>', self.html)
        assert error is None or (refusal and refusal in error.group(1)), f"{data}: {error.group(1)}"
        self.taps.append((str(data), len(counted) - _three_rows_allowance(counted)))
        if self.taps[-1][1] > MAX_QUERIES:
            print(data, *[sql[:150] for sql in counted], sep="\n  ")
        return counted

    def award(self) -> list[str]:
        """The first name offered for every pot."""
        pots = int(re.search(r'name="pots" value="(\d+)"', self.html).group(1))
        winners = {f"pot{k}": re.search(rf'name="pot{k}" value="([^"]+)"', self.html).group(1) for k in range(pots)}
        return self.tap(op="award", pots=str(pots), **winners)

    def act_seat(self) -> str:
        return re.search(
            r'name="op" value="act"><input type="hidden" name="version" value="[^"]*">'
            r'<input type="hidden" name="seat" value="(\d+)"',
            self.html,
        ).group(1)


def _three_rows_allowance(statements: list[str]) -> int:
    """1 for the one input that writes three rows: a disqualification during a hand that ends its betting
    (the action, the placement, the hand's status), and taking it back; 0 for every other tap."""
    placement = any(
        ('INTO "tournaments_placement"' in sql or 'FROM "tournaments_placement"' in sql) for sql in statements
    )
    action = any(('INTO "tournaments_action"' in sql or 'FROM "tournaments_action"' in sql) for sql in statements)
    status = any(sql.startswith('UPDATE "tournaments_hand" SET "status"') for sql in statements)
    return int(placement and action and status)


def _without_tokens(html: str) -> str:
    """The page without what differs on every drawing: the masked CSRF tokens, a tap's message."""
    html = re.sub(r'<div role="status"><ul class="messages">.*?</ul></div>', "", html, flags=re.S)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


# --- the checks -------------------------------------------------------------------------------


def _json(value):
    return json.loads(json.dumps(value))


def _settled_again(hand: Hand, engine: holdem.Hand) -> holdem.HandResult:
    """The settlement tracker.settle made, made again from the stored inputs."""
    if hand.pot_winners is not None:
        return engine.settle(pot_winners=hand.pot_winners)
    if len(engine.in_hand) == 1 or all(len(pot.eligible) == 1 for pot in engine.pots()):
        return engine.settle()
    return engine.settle(hole_cards=hand.hole_cards, board=hand.board)


def assert_stored_state_is_the_replay(table) -> None:
    """Every hand's stored state is the replay of its actions, the snapshot is the rows, chips are conserved."""
    table.refresh_from_db()
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    actions: dict[int, list[Action]] = {hand.pk: [] for hand in hands}
    for action in Action.objects.filter(hand__table=table).order_by("hand_id", "index"):
        actions[action.hand_id].append(action)
    seats = {seat.pk: seat for seat in table.seats.all()}
    chips = {seat_id: seat.starting_stack for seat_id, seat in seats.items()}
    removed = {
        p.seat_id: p.chips_removed for p in Placement.objects.filter(table=table, reason=PlacementReason.DISQUALIFIED)
    }
    for hand in hands:
        assert [a.index for a in actions[hand.pk]] == list(range(len(actions[hand.pk])))
        for player in hand.players:  # each hand starts with the chips the one before left
            assert player["stack"] == chips[player["seat"]], f"hand {hand.number}: {player}"
        engine = holdem.replay(replaying._setup(hand), replaying._engine_actions(hand, actions[hand.pk]))
        if hand.status == HandStatus.COMPLETE:
            result = _settled_again(hand, engine)
            by_name = {p["name"]: p["seat"] for p in hand.players}
            assert hand.final_stacks == {str(by_name[name]): n for name, n in result.stacks.items()}, (
                f"hand {hand.number}"
            )
            assert [pot["amount"] for pot in hand.result["pots"]] == [pot.amount for pot in result.pots]
            chips.update({int(seat_id): n for seat_id, n in hand.final_stacks.items()})
        else:
            assert hand.status == (HandStatus.SHOWDOWN if engine.is_betting_over else HandStatus.BETTING)
            assert hand is hands[-1], "only the latest hand can be open"
    # Chips: what the seats hold (less what disqualifications took out) is what they brought.
    state = tracker.read_state(table_id=table.pk)
    reading._from_rows(state)
    tracker.derive(state)
    assert tracker.chips_in_play(state) == tracker.chips_expected(state)
    assert tracker.chips_expected(state) == sum(s.starting_stack for s in seats.values()) - sum(removed.values())
    # The snapshot, while current, is exactly the rows of the latest two hands.
    snapshot = table.tracker_snapshot
    if snapshot and snapshot["revision"] == table.revision:
        latest = hands[-1] if hands else None
        assert snapshot["hand"] == _json(snapshots._hand_json(latest, actions[latest.pk] if latest else [])), (
            "snapshot ≠ rows"
        )
        if "previous" in snapshot:
            before = hands[-2] if len(hands) > 1 else None
            assert snapshot["previous"] == _json(snapshots._hand_json(before, actions[before.pk] if before else []))


# --- five queries a tap ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_kind_of_tap_runs_at_most_five_queries(client, organizer):
    table = table_of({"Anna": 1000, "Ben": 1000, "Carl": 1000, "Dora": 1000}, organizer)
    phone = Phone(client, table)
    dealer = Dealer(table)
    for _ in range(3):  # some history
        phone.tap(op="next")
        while 'name="op" value="act"' in phone.html:
            phone.tap(op="act", seat=phone.act_seat(), verb="fold")
        phone.tap(op="settle")
    phone.tap(op="next")
    phone.tap(op="undo")  # a hand dealt by mistake goes
    phone.tap(op="next")
    phone.tap(op="act", seat=phone.act_seat(), verb="call")
    phone.tap(
        op="act", seat=phone.act_seat(), verb="raise", to=re.search(r'name="to" value="(\d+)"', phone.html).group(1)
    )
    phone.tap(op="undo")
    phone.tap(op="act", seat=phone.act_seat(), verb="call")
    phone.tap(op="pick", target="board", card="As")
    phone.tap(op="clear", target="board")
    phone.tap(op="cards", board="2c 3d 4h")
    anna, dora = dealer.seat("Anna"), dealer.seat("Dora")
    phone.tap(op="sitout", seat=dora)
    phone.tap(op="sitin", seat=dora)
    idle = next(s for s in (anna, dora, dealer.seat("Ben")) if str(s) != phone.act_seat())
    phone.tap(op="disqualify", seat=idle, confirm="yes")
    phone.tap(op="undo")  # the disqualification, taken back
    while 'name="op" value="act"' in phone.html:  # checked down to a showdown the dealer decides
        verbs = re.findall(r'name="verb" value="(\w+)"', phone.html)
        phone.tap(op="act", seat=phone.act_seat(), verb="check" if "check" in verbs else "call")
    phone.award()
    phone.tap(op="undo")  # the award
    phone.award()
    phone.tap(op="disqualify", seat=dora, confirm="yes")  # between hands
    phone.tap(op="next")
    while 'name="op" value="act"' in phone.html:  # all-in and called: someone busts
        verbs = re.findall(r'name="verb" value="(\w+)"', phone.html)
        if "allin" in verbs or re.search(r'name="to" value="(\d+)"', phone.html) is None:
            phone.tap(op="act", seat=phone.act_seat(), verb="call" if "call" in verbs else "check")
        else:
            top = max(int(n) for n in re.findall(r'name="to" value="(\d+)"', phone.html))
            verb = re.search(r'<input type="hidden" name="verb" value="(bet|raise)">', phone.html).group(1)
            phone.tap(op="act", seat=phone.act_seat(), verb=verb, to=top)
    if 'name="op" value="award"' in phone.html:
        phone.award()
    else:
        phone.tap(op="settle")
    phone.tap(op="undo")
    kinds = {re.search(r"'op': '(\w+)'", tap).group(1) for tap, _ in phone.taps}
    assert kinds >= {
        "act",
        "undo",
        "next",
        "settle",
        "award",
        "sitout",
        "sitin",
        "pick",
        "clear",
        "cards",
        "disqualify",
    }
    too_many = [(tap, n) for tap, n in phone.taps if n > MAX_QUERIES]
    assert not too_many, too_many
    assert_stored_state_is_the_replay(table)


@pytest.mark.django_db
def test_a_tap_reads_no_session_and_no_user(client, three_way):
    phone = Phone(client, three_way)
    statements = phone.tap(op="next")
    assert not [sql for sql in statements if "django_session" in sql or "auth_user" in sql]
    assert "SELECT" in statements[0] and "tournaments_seat" in statements[0]  # the one read, with its table


# --- random taps: the stored state is always the replay -------------------------------------------


def _random_tap(phone: Phone, rng: random.Random, seats: list[int], disqualified: list[int]) -> dict | None:
    html = phone.html
    ops = set(re.findall(r'name="op" value="(\w+)"', html))
    roll = rng.random()
    if "undo" in ops and roll < 0.12:
        return {"op": "undo"}
    sit = re.findall(r'name="seat" value="(\d+)">\s*<button name="op" value="(sitout|sitin)"', html)
    if sit and roll < 0.18:
        seat, op = rng.choice(sit)
        return {"op": op, "seat": seat}
    dq = re.findall(r'name="seat" value="(\d+)"><input type="hidden" name="confirm" value="yes">', html)
    if dq and roll < 0.2 and len(disqualified) < 2 and ops & {"act", "next"}:  # not while a hand awaits its award
        seat = rng.choice(dq)
        disqualified.append(seat)
        return {"op": "disqualify", "seat": seat, "confirm": "yes"}
    target = re.search(r'name="target" value="([^"]+)" checked', html)
    free = re.findall(r'<button name="card" value="(\w{2})" class="[^"]*" aria-label', html)
    if target and free and roll < 0.26:
        return {"op": "pick", "target": target.group(1), "card": rng.choice(free)}
    clear = re.findall(r'<button name="target" value="([^"]+)" class="link-button">', html)
    if clear and roll < 0.28:
        return {"op": "clear", "target": rng.choice(clear)}
    if "act" in ops:
        verbs = re.findall(r'<button name="verb" value="(\w+)"', html)
        sizes = re.findall(r'<button name="to" value="(\d+)"', html)
        choice = rng.random()
        if sizes and choice < 0.3:
            verb = re.search(r'<input type="hidden" name="verb" value="(bet|raise)">', html).group(1)
            return {"op": "act", "seat": phone.act_seat(), "verb": verb, "to": rng.choice(sizes)}
        return {"op": "act", "seat": phone.act_seat(), "verb": rng.choice(verbs)}
    if "award" in ops:
        pots = int(re.search(r'name="pots" value="(\d+)"', html).group(1))
        data = {"op": "award", "pots": pots}
        for k in range(pots):
            names = re.findall(rf'name="pot{k}" value="([^"]+)"', html)
            data[f"pot{k}"] = rng.sample(names, rng.choice([1, 1, 1, 2]) if len(names) > 1 else 1)
        return data
    if "settle" in ops and not re.search(r'name="op" value="settle">.{0,200}disabled', html, re.S):
        return {"op": "settle"}
    if "next" in ops:
        return {"op": "next"}
    return None  # the table is finished and its final award stands


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_taps_keep_every_hand_equal_to_the_replay_of_its_actions(client, organizer, seed):
    rng = random.Random(seed)
    names = ["Anna", "Ben", "Carl", "Dora", "Emil"][: rng.choice([3, 4, 5])]
    table = table_of({name: rng.choice([300, 600, 1000]) for name in names}, organizer)
    phone = Phone(client, table)
    seats = list(table.seats.values_list("pk", flat=True))
    disqualified: list[int] = []
    steps = 0
    while steps < 160:
        data = _random_tap(phone, rng, seats, disqualified)
        if data is None:
            break
        # Taking back an award after a disqualification between hands is refused (the only refusal here).
        phone.tap(refusal="disqualified after this hand" if data["op"] == "undo" else None, **data)
        steps += 1
        # The page the tap answered (drawn from the state the tap produced, its closed panels' bodies fetched
        # afterwards) is the whole page read afresh ...
        again = client.get(phone.url, **HTMX).content.decode()
        assert not _SHELL.search(again)  # a request that does not say which panels are open gets them all
        shown, fresh = _without_tokens(phone.html), _without_tokens(again)
        assert shown == fresh, f"step {steps}: {data}\n" + "\n".join(
            difflib.unified_diff(
                shown.splitlines(), fresh.splitlines(), "the phone's page", "read afresh", lineterm="", n=1
            )
        )
        # ... and what is stored is the replay of the stored actions.
        assert_stored_state_is_the_replay(table)
    assert steps > 40
    assert phone.shells > steps  # answers drew closed panels as shells: the comparison above covers them
    too_many = [(tap, n) for tap, n in phone.taps if n > MAX_QUERIES]
    assert not too_many, too_many


@pytest.mark.django_db
def test_a_snapshot_that_disagrees_with_the_replay_is_caught(three_way, dealer):
    dealer.next_hand()
    dealer.act("Anna", "call")
    dealer.act("Ben", "raise", 200)
    assert_stored_state_is_the_replay(three_way)
    three_way.refresh_from_db()
    snapshot = three_way.tracker_snapshot
    snapshot["hand"]["actions"][-1][3] = 300  # the snapshot says Ben raised to 300; the rows say 200
    type(three_way).objects.filter(pk=three_way.pk).update(tracker_snapshot=snapshot)
    with pytest.raises(AssertionError, match="snapshot"):
        assert_stored_state_is_the_replay(three_way)


# --- two phones, one table ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_phones_tapping_the_same_state_get_one_applied_tap_and_one_refusal(organizer):
    """Threads released together, each with its own connection and test client, both with the version their
    page showed: one tap is applied, the other answered "the table changed"; the snapshot stays the rows."""
    import threading

    from django.db import connections
    from django.test import Client

    table = table_of({"Anna": 1000, "Ben": 1000, "Carl": 1000}, organizer)
    dealer = Dealer(table)
    dealer.next_hand()
    url = reverse("dealer_tracker", args=[table.dealer_token])
    for round_ in range(8):
        state = dealer.state
        legal = state.engine.legal_actions()
        version, seat, verb = state.version, state.seat_by_name()[legal.player], "check" if legal.can_check else "call"
        barrier = threading.Barrier(2)
        answers: list[str] = ["", ""]

        def tap(slot: int) -> None:
            try:
                barrier.wait(timeout=10)
                response = Client().post(url, {"version": version, "op": "act", "seat": seat, "verb": verb}, **HTMX)
                answers[slot] = response.content.decode()
            except Exception as error:  # fails the test below with its text
                answers[slot] = repr(error)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=tap, args=(slot,)) for slot in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        applied = [a for a in answers if 'class="error"' not in a and 'id="tracker"' in a]
        stale = [a for a in answers if "The table changed" in a]
        assert len(applied) == 1 and len(stale) == 1, (connection.vendor, round_, [a[:300] for a in answers])
        assert Action.objects.filter(hand__table=table).count() == round_ + 1
        assert_stored_state_is_the_replay(table)
        if dealer.state.engine is None or dealer.state.engine.to_act is None:
            break
