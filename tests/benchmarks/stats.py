"""Statistics pages and hand exports on a big season: ``python -m tests.benchmarks.stats``.

Builds, in a throwaway SQLite database, a season of 40 nights of 20 finished
tables of six with 80 tracked hands each (64,000 hands): every hand is a
random legal hand played by the engine (tests/tournaments/poker/random_hands.py),
stored as the tracker stores it (Hand and Action rows, result, final stacks),
with random placements. Then times, through the full Django stack (test client):

- keeping one finished table's figures (what the tracker does when a table
  finishes: replay its hands, write its ``TableFigures`` row);
- filling the rows of the whole season (``manage.py keep_table_figures``,
  what an upgrade runs once for the tables finished before it; the same
  function as the tracker's, table by table in batches);
- a player's page with his statistics (season and all time), the standings
  with the season awards, and the season statistics table: "cold" (right
  after the fill, every cache in memory and on disk emptied before each run:
  the pages add up the stored rows) and "warm" (repeated);
- the same pages when one night's 20 tables have no current row (finished
  before the upgrade and not filled, or just corrected): replayed on that view
  and kept (``--lazy-repeat 0`` skips it);
- one table's hands as PHH and as OHH (80 hands), and one night's hands as PHH (1,600 hands).

Prints the median and p90 of each with its query count, and the machine's
load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import tempfile
import time

from tests.benchmarks.standings import FEE, FIRST_NIGHT, SHARE, _setup_django, _times


def _hand_rows(table, seats, rng, hands: int, number_start: int = 1):
    """`hands` random legal hands at one table, as Hand rows (unsaved) and their actions."""
    from tests.tournaments.poker.random_hands import play_random_hand, random_deal, random_pot_winners
    from tournaments.models import Hand
    from tournaments.poker.holdem import HandSetup, Seat

    names = {seat.pk: f"P{seat.position}" for seat in seats}
    out = []
    for number in range(number_start, number_start + hands):
        players = [
            {
                "seat": seat.pk,
                "name": names[seat.pk],
                "stack": rng.randint(60, 4000),
                "sitting_out": rng.random() < 0.05,
            }
            for seat in seats
        ]
        button = rng.choice(seats)
        setup = HandSetup(
            players=tuple(Seat(p["name"], p["stack"], p["sitting_out"]) for p in players),
            button=names[button.pk],
            small_blind=25,
            big_blind=50,
            min_bet_rule="league",
        )
        engine = play_random_hand(setup, rng)
        hole, board, pot_winners = {}, "", None
        if len(engine.in_hand) > 1 and any(len(p.eligible) > 1 for p in engine.pots()):
            if rng.random() < 0.85:
                deal = random_deal(engine, rng)
                hole = {name: deal.hole_cards[name] for name in engine.in_hand}
                board = deal.board
            else:
                pot_winners = random_pot_winners(engine, rng)
        result = engine.settle(hole or None, board or None, pot_winners)
        by_name = {names[seat.pk]: seat.pk for seat in seats}
        hand = Hand(
            table=table,
            number=number,
            button=button,
            level=1,
            small_blind=25,
            big_blind=50,
            min_bet_rule="league",
            players=players,
            status="complete",
            board=board,
            hole_cards=hole,
            pot_winners=pot_winners,
            final_stacks={str(by_name[n]): c for n, c in result.stacks.items()},
            result={
                "pots": [
                    {
                        "amount": p.amount,
                        "eligible": list(p.eligible),
                        "winners": list(p.winners),
                        "shares": list(p.shares),
                    }
                    for p in result.pots
                ],
                "returned": result.returned,
                "busted": list(result.busted),
            },
        )
        actions = [(by_name[a.player], a.verb, a.to) for a in engine.actions]
        out.append((hand, actions))
    return out


def build_tracked_season(organizer, *, nights: int, tables: int, hands: int, players: int, seed: int = 1):
    from django.utils import timezone

    from league.models import Entry, Night, Player, Season
    from tournaments.models import Action, Hand, Placement, Seat, Table

    rng = random.Random(seed)
    season = Season.objects.create(
        name="Saison Statistik", start_date=FIRST_NIGHT, end_date=FIRST_NIGHT + datetime.timedelta(weeks=nights + 1)
    )
    roster = Player.objects.bulk_create(
        Player(name=f"Spieler {k:03d}", date_of_birth=datetime.date(1970, 1, 1) + datetime.timedelta(days=37 * k))
        for k in range(players)
    )
    now = timezone.now()
    for k in range(nights):
        night = Night.objects.create(season=season, date=FIRST_NIGHT + datetime.timedelta(weeks=k), status="finished")
        entries = Entry.objects.bulk_create(
            Entry(
                night=night,
                player=p,
                registered_by=organizer,
                fee_paid=FEE,
                jackpot_share=SHARE,
                paid_at=now,
                received_by=organizer,
            )
            for p in rng.sample(roster, tables * 6)
        )
        table_rows = Table.objects.bulk_create(
            Table(night=night, number=t + 1, status="finished", finished_at=now) for t in range(tables)
        )
        seats = Seat.objects.bulk_create(
            Seat(table=table_rows[i // 6], entry=entry, position=i % 6 + 1, starting_stack=1500)
            for i, entry in enumerate(entries)
        )
        placements, hand_rows, action_rows = [], [], []
        for t, table in enumerate(table_rows):
            table_seats = seats[t * 6 : (t + 1) * 6]
            for place, seat in enumerate(rng.sample(table_seats, 6), start=1):
                placements.append(
                    Placement(table=table, seat=seat, place=place, reason="busted" if place > 1 else "winner")
                )
            hand_rows += _hand_rows(table, table_seats, rng, hands)
        Placement.objects.bulk_create(placements)
        created = Hand.objects.bulk_create([hand for hand, _ in hand_rows], batch_size=500)
        for hand, (_, actions) in zip(created, hand_rows):
            action_rows += [
                Action(hand=hand, index=i, seat_id=s, verb=v, to=to) for i, (s, v, to) in enumerate(actions)
            ]
        Action.objects.bulk_create(action_rows, batch_size=2000)
    return season


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--cold-repeat", type=int, default=5)
    parser.add_argument("--lazy-repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.core.cache import caches
        from django.db import connection, reset_queries
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from tournaments.hands.figures import figures_cache, keep_all_table_figures, keep_table_figures
        from tournaments.models import Action, Hand, Seat, TableFigures

        def empty_caches():
            figures_cache.clear()  # memory and the hand_stats folder
            for alias in caches:
                caches[alias].clear()

        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        started = time.perf_counter()
        season = build_tracked_season(
            organizer, nights=args.nights, tables=args.tables, hands=args.hands, players=args.players
        )
        print(
            f"built {args.nights} nights x {args.tables} tables x {args.hands} hands: {Hand.objects.count()} hands, "
            f"{Action.objects.count()} actions in {time.perf_counter() - started:.0f}s"
        )
        client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        staff = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        staff.force_login(organizer)
        player_id = Seat.objects.filter(table__night__season=season).values_list("entry__player_id", flat=True).first()
        night = season.nights.order_by("-date").first()
        table = night.tables.order_by("number").first()
        pages = [
            ("player page", client, f"/players/{player_id}/?season={season.pk}"),
            ("standings + awards", client, f"/standings/?season={season.pk}"),
            ("season statistics", client, f"/statistics/?season={season.pk}&sort=vpip"),
        ]
        downloads = [
            (f"table PHH ({args.hands} hands)", staff, f"/tables/{table.pk}/hands.phh"),
            (f"table OHH ({args.hands} hands)", staff, f"/tables/{table.pk}/hands.ohh"),
            (f"night PHH ({args.tables * args.hands:,} hands)", staff, f"/nights/{night.pk}/hands.phh"),
        ]

        def count(c, url):
            reset_queries()
            with CaptureQueriesContext(connection) as queries:
                response = c.get(url)
            assert response.status_code == 200, (url, response.status_code)
            return len(queries), len(response.content) // 1024

        def line(label, ms, note):
            print(
                f"{label:36s} median {statistics.median(ms):8.1f} ms   p90 {ms[int(len(ms) * 0.9)]:8.1f} ms   ({len(ms)} runs, {note})"
            )

        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores, shared)")

        def keep_one():
            TableFigures.objects.filter(table=table).delete()
            keep_table_figures(table.pk)

        line("finishing a table: keep its figures", _times(keep_one, 5), f"{args.hands} hands replayed, row written")
        started = time.perf_counter()
        filled = keep_all_table_figures()
        print(
            f"filling the season's rows (manage.py keep_table_figures): {filled} tables "
            f"({filled * args.hands:,} hands) in {time.perf_counter() - started:.1f} s"
        )
        ms = _times(lambda: client.get(pages[0][2]), 1)
        line("first request of the process", ms, "imports, templates, translations: not data")
        for _label, c, url in pages:
            c.get(url)  # the process warm: a cold run below measures the data, not Python's first request
        for label, c, url in pages:
            if args.cold_repeat:
                ms = _times(lambda: (empty_caches(), c.get(url)), args.cold_repeat)
                line(label + " (cold)", ms, "stored rows, caches emptied before each run")
            if args.lazy_repeat:

                def without_rows():
                    empty_caches()
                    TableFigures.objects.filter(table__night=night).delete()
                    t0 = time.perf_counter()
                    c.get(url)
                    return (time.perf_counter() - t0) * 1000

                ms = sorted(without_rows() for _ in range(args.lazy_repeat))
                line(label + " (20 tables unkept)", ms, f"{args.tables * args.hands:,} hands replayed and kept on view")
            c.get(url)
            ms = _times(lambda: c.get(url), args.repeat)
            queries, size = count(c, url)
            line(label + " (warm)", ms, f"{queries} queries, {size} KiB")
        from results import standings as results
        from results import statistics as results_statistics

        scored = results.season_results(season)
        ms = _times(
            lambda: results_statistics.compute_awards(
                season.pk, results_statistics.season_statistics(season.pk), scored
            ),
            args.repeat,
        )
        line("  of which the awards (warm)", ms, "the rest is the standings table itself")
        ms = _times(lambda: results_statistics.season_statistics(season.pk), args.repeat)
        line("  the season's hand figures alone", ms, f"{args.nights * args.tables} stored rows added up")
        ms = _times(lambda: results_statistics.player_statistics(player_id, season.pk), args.repeat)
        line("  a player's hand figures alone", ms, "his tables' stored rows, knockouts' lists included")
        for label, c, url in downloads:
            c.get(url)
            ms = _times(lambda: c.get(url), max(3, args.repeat // 3))
            queries, size = count(c, url)
            line(label, ms, f"{queries} queries, {size} KiB")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
