"""The odds at an all-in on the rail, six tables playing: ``python -m tests.benchmarks.odds``.

Starts the real venue server (`manage.py venue`: waitress, SQLite) with a night of 6
tables, 50 rail viewers (6 on the night's rail, 44 on one table each) holding event streams, and one
dealer's phone per table tapping every ``--tap-every`` seconds as the page does (tests/benchmarks/venue.py).
After each deal the dealer types every player's two hole cards into the cards form (the page's
``?panel=cards`` body, posted like a tap) and never the board, so the odds are always computed from an
empty board, the heaviest case (two hands: 1,712,304 boards; six: 658,008).

The play is made to reach the end of a hand's betting within a few taps, far more often than at a pub:
a player who may bet or raise goes all-in half the time (the bar's largest quick size: the all-in is a
raise to every chip; the bar's own "All-in" verb is only offered to a player who can neither raise nor
call), else checks or calls; facing an all-in, the first player calls half the time and each later one a
quarter of the time, else folds. At the showdown the dealer ticks every player of each pot (a split):
nobody is knocked out, so the tables play the same way however long the run. At a tap every 3 s a hand
takes about half a minute: 60 s give about ten taps that end a hand's betting with two or more players
(checking every street to the river takes 24 taps, 72 s: a minute never reached one).

Prints, for the taps that ended a hand's betting with two or more players (the taps that made the odds
known), the delay from the dealer's request to each viewer's first event whose card of that table holds
the odds: p50, p95, max; the dealer's answer times for all taps (p50, p95), and the server's CPU per
minute. ``--no-cards`` plays the same way without typing cards (no odds are ever computed) and measures the
same taps to the viewers' next card of that table: the delay the rail has anyway, and the dealer's answer
times, to compare. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request

from tests.benchmarks.rail import server_cpu
from tests.benchmarks.support import phone_client
from tests.benchmarks.support.phone_client import DealerPhone, error_shown, tap_options
from tests.benchmarks.venue import start_venue_server, venue_db

_HOLE_FIELD = re.compile(r'name="hole:([^"]+)"')
_CARD_ID = re.compile(r'id="rail-table-(\d+)"')


class CardDealer(DealerPhone):
    """A dealer's phone that types every hole card after each deal (the cards panel's typed form) and plays
    every hand to an all-in soon (the module's docstring says how)."""

    def __init__(self, *args, cards: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards
        self.typed = 0  # deals whose hole cards were typed
        self.ended_betting: list[float] = []  # when the taps that ended a hand's betting (a showdown) were sent
        self.all_in = False  # someone went all-in in this hand: the others call or fold
        self.callers = 0  # how many called that all-in

    def choose(self):
        acts = [o for o in self.options() if o.get("op") == "act"]
        if not acts:
            return super().choose()  # award, next
        verbs = {o.get("verb"): o for o in acts}
        call = verbs.get("call") or verbs.get("allin")
        if self.all_in and call is not None:
            return call if self.rng.random() < (0.5 if not self.callers else 0.25) else verbs["fold"]
        sized = [o for o in acts if o.get("verb") in ("bet", "raise") and (o.get("to") or "").isdigit()]
        if sized and self.rng.random() < 0.5:
            return max(sized, key=lambda o: int(o.get("to")))  # the quick size "All-in": every chip
        return verbs.get("check") or call or verbs["fold"]

    def fields_for(self, option):
        if option.get("op") != "award":
            return super().fields_for(option)
        # Every pot split among all its players: nobody is knocked out and the tables never finish.
        fields = [(n, self.version if n == "version" else v) for n, v in option.fields]
        return fields + [(name, value) for name, values in option.checkboxes.items() for value in values]

    def tap(self, *, due: float | None = None):
        sent = time.monotonic()
        sizes = [
            int(o.get("to"))
            for o in self.options()
            if o.get("verb") in ("bet", "raise") and (o.get("to") or "").isdigit()
        ]
        tap = super().tap(due=due)
        if tap is None or tap.outcome != "applied":
            return tap
        offered = {option.get("op") for option in self.options()}
        if tap.op == "act" and "award" in offered:  # the showdown's form: two or more players hold the pots
            self.ended_betting.append(sent)
        if tap.op == "act" and tap.verb in ("bet", "raise") and sizes and tap.to == max(sizes):
            self.all_in = True
        elif tap.op == "act" and self.all_in and tap.verb in ("call", "allin"):
            self.callers += 1
        if tap.op == "next":
            self.all_in, self.callers = False, 0
            if self.cards:
                self.type_hole_cards()
        return tap

    def type_hole_cards(self) -> None:
        status, body = self.request("GET", self.page_path + "?panel=cards")
        names = _HOLE_FIELD.findall(body) if status == 200 else []
        form = next((o for o in tap_options(body, self.page_path) if o.get("op") == "cards"), None)
        if not names or form is None:
            return
        deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
        self.rng.shuffle(deck)
        fields = [(name, value) for name, value in form.fields if not name.startswith("hole:") and name != "board"]
        fields = [(n, self.version if n == "version" else v) for n, v in fields]
        fields += [(f"hole:{name}", f"{deck[2 * k]} {deck[2 * k + 1]}") for k, name in enumerate(names)]
        fields.append(("board", ""))
        self.status, self.html = self.request("POST", form.path, fields=fields)
        self.typed += self.status == 200 and not error_shown(self.html)


def viewer(
    url: str, stop: threading.Event, seen_odds: dict, lock: threading.Lock, key: int, odds: bool, refused: list[int]
) -> None:
    """An EventSource that notes, per table, when each event holding that table's odds arrived (any card of
    it, when no odds are shown)."""
    while not stop.is_set():
        try:
            response = urllib.request.urlopen(url, timeout=30)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            stop.wait(2)
            continue
        if response.status == 204:  # no place for a stream: counted, and retried as the page would, not at once
            response.close()
            with lock:
                refused[0] += 1
            stop.wait(2)
            continue
        data: list[str] = []
        try:
            while not stop.is_set():
                line = response.readline()
                if not line:
                    break
                line = line.decode()
                if line.startswith("data:"):
                    data.append(line[5:])
                elif line == "\n" and data:
                    now = time.monotonic()
                    text = "".join(data)
                    data = []
                    for card in text.split('<article class="card rail-table"')[1:]:
                        table = _CARD_ID.search(card)
                        # With --no-cards: any card of the table (what the viewer gets without odds, to compare).
                        if table and ('class="seat-odds"' in card or not odds):
                            with lock:
                                seen_odds.setdefault((key, int(table.group(1))), []).append(now)
        except (OSError, ValueError):
            pass
        finally:
            response.close()


def dealer_loop(phone: CardDealer, every: float, stop: threading.Event) -> None:
    phone.open()
    while not stop.is_set():
        if phone.tap() is None:
            return
        stop.wait(every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--tap-every", type=float, default=3.0)
    parser.add_argument("--no-cards", action="store_true", help="never type hole cards: no odds, for comparison")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "odds.sqlite3")
        night = venue_db("build", db, "--tables", str(args.tables))
        # Every viewer comes from 127.0.0.1: without ONE_ADDRESS_FOR_ALL the per-client limit answers
        # all but four of them 204, and they would measure the polling fallback instead of the streams.
        server = start_venue_server(
            db, log_dir=folder, LIVE_CACHE_DIR=os.path.join(folder, "live"), **phone_client.ONE_ADDRESS_FOR_ALL
        )
        stop = threading.Event()
        lock = threading.Lock()
        seen_odds: dict[tuple[int, int], list[float]] = {}
        shows: dict[int, tuple[int, ...]] = {}
        refused = [0]  # streams answered 204
        threads = []
        try:
            base = server.url()
            tables = night["tables"]
            for k in range(args.viewers):
                if k < len(tables):
                    shows[k] = tuple(t["id"] for t in tables)
                    url = f"{base}/nights/{night['night']}/rail/events"
                else:
                    table = tables[k % len(tables)]["id"]
                    shows[k] = (table,)
                    url = f"{base}/tables/{table}/rail/events"
                threads.append(
                    threading.Thread(
                        target=viewer, args=(url, stop, seen_odds, lock, k, not args.no_cards, refused), daemon=True
                    )
                )
            phones = [CardDealer(base, t["token"], 30_000 + k, cards=not args.no_cards) for k, t in enumerate(tables)]
            for thread in threads:
                thread.start()
                time.sleep(0.02)
            time.sleep(3)
            dealers = [
                threading.Thread(target=dealer_loop, args=(p, args.tap_every, stop), daemon=True) for p in phones
            ]
            began, cpu_start = time.monotonic(), server_cpu(server.process.pid)
            for thread in dealers:
                thread.start()
            stop.wait(args.seconds)
            ended, cpu = time.monotonic(), server_cpu(server.process.pid) - cpu_start
            load = os.getloadavg()
            stop.set()
            for thread in dealers:
                thread.join(60)
            time.sleep(2)
        finally:
            stop.set()
            server.stop()
    delays, missing = [], 0
    for phone, table in zip(phones, tables):
        for sent in phone.ended_betting:
            if sent > ended - 3:
                continue
            for key, shown in shows.items():
                if table["id"] not in shown:
                    continue
                after = [t for t in seen_odds.get((key, table["id"]), []) if t >= sent]
                if after and after[0] - sent < 30:
                    delays.append(after[0] - sent)
                else:
                    missing += 1
    answers = sorted(tap.seconds * 1000 for phone in phones for tap in phone.taps)
    odds_taps = sum(len(phone.ended_betting) for phone in phones)
    deals = sum(1 for phone in phones for tap in phone.taps if tap.op == "next" and tap.outcome == "applied")
    ops = {}
    for phone in phones:
        for tap in phone.taps:
            ops[f"{tap.op} {tap.outcome}"] = ops.get(f"{tap.op} {tap.outcome}", 0) + 1
    print(f"{deals} deals, hole cards typed for {sum(phone.typed for phone in phones)}; taps: {ops}")
    print(
        f"{args.tables} tables, a tap every {args.tap_every:g} s per table, {args.viewers} rail viewers (event streams); "
        f"the venue server (waitress), SQLite; {'no cards typed (no odds)' if args.no_cards else 'hole cards typed after every deal'}"
    )
    print(
        f"{len(answers)} taps in {ended - began:.0f} s; dealer's answer p50 {statistics.median(answers):.0f} ms, "
        f"p95 {answers[int(len(answers) * 0.95)]:.0f} ms; server CPU {cpu / (ended - began) * 60:.1f} s per minute; "
        f"load average {load[0]:.2f}"
    )
    what = "the card with the odds" if not args.no_cards else "the table's card (no odds: the same moment without them)"
    if delays:
        ms = sorted(d * 1000 for d in delays)
        print(
            f"{odds_taps} taps ended a hand's betting with two or more players; tap -> {what} on a viewer's rail: "
            f"{len(ms)} (viewer, tap) pairs, p50 {statistics.median(ms):.0f} ms, p95 {ms[int(len(ms) * 0.95)]:.0f} ms, "
            f"max {ms[-1]:.0f} ms; {missing} pairs never saw it for that tap"
        )
    else:
        print(f"{odds_taps} taps ended a hand's betting; {what} never seen ({missing} pairs)")
    print(f"streams refused (204): {refused[0]}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
