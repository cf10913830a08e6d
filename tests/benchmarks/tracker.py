"""Server time of one tracker request: ``python -m tests.benchmarks.tracker``.

Builds, in a throwaway SQLite database, a six-player table with 200 played
hands and a hand in progress with 40 actions, then times the dealer's phone
request that records the 41st action (the full Django stack through the test
client: session, lock, replay, write, render), the undo that takes it back,
and the phone's two-second "has it changed?" question (the revision endpoint).
Prints the median and the spread; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time


def _setup_django(db_path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.test import Client
        from django.urls import reverse

        started = time.perf_counter()
        organizer, table, dealer = _build_table(args.hands, args.actions)
        print(f"built a table with {args.hands} played hands and {args.actions} actions in progress "
              f"in {time.perf_counter() - started:.1f}s")
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
        for label, times in (("record an action", acts), ("undo it", undos), ("show the table", pages),
                             ("has it changed?", polls)):
            ms = sorted(t * 1000 for t in times)
            print(f"{label:18s} median {statistics.median(ms):6.2f} ms   p90 {ms[int(len(ms) * 0.9)]:6.2f} ms   "
                  f"({len(ms)} requests)")


if __name__ == "__main__":
    main()
