"""Server time of one tracker request: ``python -m tests.benchmarks.tracker``.

Builds, in a throwaway SQLite database, a six-player table with 200 played
hands and a hand in progress with 40 actions, then times the dealer's phone
request that records the 41st action (the full Django stack through the test
client: session, lock, replay, write, render), the undo that takes it back,
and the phone's two-second "has it changed?" question (the revision endpoint).
Prints the median and the spread; asserts nothing.

Then, per kind of tap (``--ops``, on by default), what one dealer-link tap
costs in-process: the SQL queries it runs (middleware to response) and the
CPU milliseconds (``time.process_time``: Django and SQLite together, as on the
venue's one machine), median over many taps, with DEBUG off. Each tap is
followed by the tap that takes it back (act/undo, sitout/sitin, pick/clear,
...), and both are measured.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time


def _setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    # As at the venue: DEBUG off (cached templates, no query log), plain HTTP on loopback.
    os.environ.update(
        DEBUG="0",
        SECRET_KEY="bench-" + "x" * 50,
        ALLOWED_HOSTS="localhost,testserver",
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.conf import settings

    # No collectstatic here: the full page names its static files without the manifest's hashes.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def _build_table(played_hands: int, actions_in_progress: int):
    from django.contrib.auth import get_user_model

    from tests.tournaments.conftest import Dealer, table_of
    from tournaments.models import Hand

    organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
    names = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
    table = table_of({name: 10**7 for name in names}, organizer)
    dealer = Dealer(table)
    for _ in range(played_hands):  # folded round to the big blind: fast to build, realistic rows
        dealer.next_hand()
        while dealer.state.engine.to_act is not None:
            dealer.act(dealer.state.engine.to_act, "fold")
        dealer.settle()
    dealer.next_hand()
    for _ in range(actions_in_progress):  # a min-raise war keeps everyone in and the hand going
        legal = dealer.state.engine.legal_actions()
        if legal.can_raise or legal.can_bet:
            dealer.act(legal.player, "raise" if legal.can_raise else "bet", legal.min_to)
        else:
            dealer.act(legal.player, "check" if legal.can_check else "call")
    assert Hand.objects.filter(table=table).count() == played_hands + 1
    return organizer, table, dealer


# --- per kind of tap ------------------------------------------------------------

_VERSION = re.compile(r'data-version="([^"]+)"')
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class _Phone:
    """One dealer link, tapped the way the page does it (htmx, CSRF token, the version it was shown)."""

    def __init__(self, table) -> None:
        from django.test import Client
        from django.urls import reverse

        self.client = Client(HTTP_HOST="localhost", HTTP_HX_REQUEST="true", enforce_csrf_checks=True)
        self.url = reverse("dealer_tracker", args=[table.dealer_token])
        self._read(self.client.get(self.url))

    def _read(self, response) -> None:
        html = response.content.decode()
        if response.status_code != 200 or 'class="error"' in html:
            raise RuntimeError(f"the tap failed ({response.status_code}): {html[:2000]}")
        self.html = html
        self.version = _VERSION.search(html).group(1)
        self.csrf = _CSRF.search(html).group(1)

    def tap(self, **data) -> None:
        closed = {"HTTP_X_TRACKER_OPEN": "-"}  # the page's panels closed, as tracker.js reports them
        self._read(
            self.client.post(self.url, {"csrfmiddlewaretoken": self.csrf, "version": self.version, **data}, **closed)
        )


def _op_tables(played_hands: int, night):
    """Four tables of six: one mid-hand, one between hands, one won by folds, one at a showdown to award."""
    from django.contrib.auth import get_user_model

    from tests.tournaments.conftest import Dealer, table_of

    organizer = get_user_model().objects.create_user("ops", password="x", is_staff=True)
    tables = {}
    for kind in ("betting", "between", "folded", "showdown"):
        names = [f"{kind[:3].title()} {n}" for n in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz")]
        table = table_of({name: 10**6 for name in names}, organizer, night=night)
        dealer = Dealer(table)
        for _ in range(played_hands):
            dealer.next_hand()
            while dealer.state.engine.to_act is not None:
                dealer.act(dealer.state.engine.to_act, "fold")
            dealer.settle()
        if kind != "between":
            dealer.next_hand()
        if kind == "betting":
            for _ in range(4):
                legal = dealer.state.engine.legal_actions()
                dealer.act(legal.player, "call")
        elif kind == "folded":
            while dealer.state.engine.to_act is not None:
                dealer.act(dealer.state.engine.to_act, "fold")
        elif kind == "showdown":
            while dealer.state.engine.to_act is not None:
                legal = dealer.state.engine.legal_actions()
                dealer.act(legal.player, "check" if legal.can_check else "call")
        tables[kind] = (table, Dealer(table))
    return tables


def _op_cycles(tables) -> list[tuple[str, str, object]]:
    """(name of the tap, name of the tap taking it back, a function doing both on its phone)."""
    betting, _ = tables["betting"]
    seats = list(betting.seats.order_by("position"))
    phones = {kind: _Phone(table) for kind, (table, _) in tables.items()}

    def to_act(phone):
        return re.search(
            r'name="op" value="act"><input type="hidden" name="version" value="[^"]*">'
            r'<input type="hidden" name="seat" value="(\d+)"',
            phone.html,
        ).group(1)

    def idle_seat(phone):  # a player in the hand who is not to act: disqualified, then undone
        acting = int(to_act(phone))
        return next(s.pk for s in seats if s.pk != acting)

    def min_raise(phone):
        return min(int(n) for n in re.findall(r'name="to" value="(\d+)"', phone.html))

    p = phones["betting"]
    return [
        ("act call", "undo", lambda: (p.tap(op="act", seat=to_act(p), verb="call"), p.tap(op="undo"))),
        (
            "act raise",
            "undo",
            lambda: (p.tap(op="act", seat=to_act(p), verb="raise", to=min_raise(p)), p.tap(op="undo")),
        ),
        ("act fold", "undo", lambda: (p.tap(op="act", seat=to_act(p), verb="fold"), p.tap(op="undo"))),
        ("sitout", "sitin", lambda: (p.tap(op="sitout", seat=seats[0].pk), p.tap(op="sitin", seat=seats[0].pk))),
        ("pick", "clear", lambda: (p.tap(op="pick", target="board", card="As"), p.tap(op="clear", target="board"))),
        ("cards", "cards", lambda: (p.tap(op="cards", board="Ah Kd 7h"), p.tap(op="cards", board=""))),
        ("disqualify", "undo", lambda: (p.tap(op="disqualify", seat=idle_seat(p), confirm="yes"), p.tap(op="undo"))),
        ("next", "undo", lambda: (phones["between"].tap(op="next"), phones["between"].tap(op="undo"))),
        ("settle", "undo", lambda: (phones["folded"].tap(op="settle"), phones["folded"].tap(op="undo"))),
        (
            "award",
            "undo",
            lambda: (
                phones["showdown"].tap(
                    op="award",
                    pots="1",
                    pot0=re.search(r'name="pot0" value="([^"]+)"', phones["showdown"].html).group(1),
                ),
                phones["showdown"].tap(op="undo"),
            ),
        ),
    ]


def measure_ops(played_hands: int, repeat: int, night) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tables = _op_tables(played_hands, night)
    cycles = _op_cycles(tables)
    print(
        f"\nper tap through the dealer link, DEBUG off, {played_hands} played hands per table, "
        f"{repeat} taps each (load average {os.getloadavg()[0]:.2f}):"
    )
    print(f"{'tap':22s} {'queries':>7s} {'CPU ms p50':>10s} {'CPU ms p90':>10s}   (queries: without SQLite's BEGIN)")
    for name, back, cycle in cycles:
        counts = []
        real_tap = _Phone.tap

        def counting_tap(self, **data):
            with CaptureQueriesContext(connection) as queries:
                real_tap(self, **data)
            # As tests/tournaments/tracker/test_tap_cost.py counts: all but the BEGIN only SQLite's log shows.
            counts.append(sum(1 for q in queries.captured_queries if not q["sql"].upper().startswith("BEGIN")))

        _Phone.tap = counting_tap
        try:
            cycle()
        finally:
            _Phone.tap = real_tap
        times: list[list[float]] = [[], []]
        which = [0]

        def timed_tap(self, **data):
            started = time.process_time()
            real_tap(self, **data)
            times[which[0] % 2].append(time.process_time() - started)
            which[0] += 1

        _Phone.tap = timed_tap
        try:
            for _ in range(repeat):
                cycle()
        finally:
            _Phone.tap = real_tap
        for label, n, spent in ((name, counts[0], times[0]), (f"  then {back}", counts[1], times[1])):
            ms = sorted(t * 1000 for t in spent)
            print(f"{label:22s} {n:7d} {statistics.median(ms):10.2f} {ms[int(len(ms) * 0.9)]:10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--ops-repeat", type=int, default=150, help="taps per kind of tap (0: skip)")
    parser.add_argument("--ops-hands", type=int, default=30, help="played hands per table for --ops")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.test import Client
        from django.urls import reverse

        started = time.perf_counter()
        organizer, table, dealer = _build_table(args.hands, args.actions)
        print(
            f"built a table with {args.hands} played hands and {args.actions} actions in progress "
            f"in {time.perf_counter() - started:.1f}s"
        )
        client = Client(HTTP_HOST="localhost", HTTP_HX_REQUEST="true")
        client.force_login(organizer)
        url = reverse("organizer_tracker", args=[table.pk])
        acts, undos, pages, polls = [], [], [], []
        poll_url = reverse("dealer_tracker_revision", args=[table.dealer_token])
        poll_client = Client(HTTP_HOST="localhost")
        answer = b""
        for _ in range(args.repeat):
            state = dealer.state
            legal = state.engine.legal_actions()
            data = {"op": "act", "version": state.version, "seat": state.seat_by_name()[legal.player], "verb": "call"}
            t0 = time.perf_counter()
            response = client.post(url, data)
            acts.append(time.perf_counter() - t0)
            assert response.status_code == 200 and b'class="error"' not in response.content
            data = {"op": "undo", "version": dealer.state.version}
            t0 = time.perf_counter()
            client.post(url, data)
            undos.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            client.get(url)
            pages.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            answer = poll_client.get(poll_url).content
            polls.append(time.perf_counter() - t0)
        print(f"the revision answer is {len(answer)} bytes")
        for label, times in (
            ("record an action", acts),
            ("undo it", undos),
            ("show the table", pages),
            ("has it changed?", polls),
        ):
            ms = sorted(t * 1000 for t in times)
            print(
                f"{label:18s} median {statistics.median(ms):6.2f} ms   p90 {ms[int(len(ms) * 0.9)]:6.2f} ms   "
                f"({len(ms)} requests)"
            )
        if args.ops_repeat:
            measure_ops(args.ops_hands, args.ops_repeat, table.night)


if __name__ == "__main__":
    main()
