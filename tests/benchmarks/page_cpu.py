"""CPU time of one public page, per kind of page: ``python -m tests.benchmarks.page_cpu``.

Builds, in a throwaway SQLite database with the production settings (DEBUG off: the cached template loader,
hashed static files, no query log), the realistic league of the publish benchmark (300 players, 40 nights of
30 players, paper results), then renders each kind of page `manage.py publish` renders, German and English,
through the server's own views (Django's request handler, the published site's request as
online.publish.pages makes it, the season's table and awards, and the rows every page reads alike, held as during a publish) and prints the median
CPU time (time.process_time) of one render, how much of it the template language took, and of the same
page as publish makes it (its links made relative, what it read recorded: online.publish.pages.Crawl.page).
Each kind cycles through several pages of its kind (nights, players, pages of the table) after one warm-up
round. Django's cached template loader is on (Django 4.1 on, DEBUG or not: no `loaders` are set). Asserts
nothing. `--players/--nights/--per-night` a size of your own, `--repeat` renders of each kind and language,
`--kinds` some kinds only, `--profile KIND` the functions that kind's renders spent their time in (cProfile;
with `--profile-publish` its renders as publish makes them),
`--dump FOLDER` the pages as files (to compare two versions of the code byte for byte).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--per-night", type=int, default=30)
    parser.add_argument(
        "--repeat", type=int, default=60, help="renders of each kind and language (the median is printed)"
    )
    parser.add_argument("--profile", metavar="KIND", help="print where this kind's renders spent their time")
    parser.add_argument(
        "--profile-publish",
        action="store_true",
        help="with --profile: the renders as publish makes them (links made relative, reads recorded), not the view's",
    )
    parser.add_argument("--kinds", nargs="+", metavar="KIND", help="these kinds of page only")
    parser.add_argument(
        "--dump",
        metavar="FOLDER",
        help="write every page rendered, as publish makes it, there (to compare the pages of two versions of the code)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(DATA_DIR=folder, DEBUG="0", SECRET_KEY="benchmark-" * 6, ALLOWED_HOSTS="localhost")
        os.environ.update(PUBLIC_URL="http://localhost:8000", SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0")
        from tests.benchmarks.standings import _setup_django, build_season

        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.conf import settings
        from django.core.management import call_command

        from league.venue import one_setup_at_a_time

        with one_setup_at_a_time(settings.BASE_DIR / ".venue-setup.lock"):
            call_command("collectstatic", interactive=False, verbosity=0)
        from django.contrib.auth import get_user_model

        load_before = os.getloadavg()
        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        season = build_season(organizer, players=args.players, nights=args.nights, per_night=args.per_night)
        kinds = _kinds(season)
        if args.kinds:
            unknown = set(args.kinds) - set(kinds)
            if unknown:
                parser.error(f"--kinds: one of {', '.join(kinds)}")
            kinds = {kind: urls for kind, urls in kinds.items() if kind in args.kinds}
        if args.profile and args.profile not in kinds:
            parser.error(f"--profile: one of {', '.join(kinds)}")
        figures = _measure(kinds, args.repeat, args.profile, args.dump, args.profile_publish)
        print(
            f"league: {args.players} players, {args.nights} nights of {args.per_night} players (paper results); "
            f"DEBUG off; median of {args.repeat} renders per kind and language, CPU ms (process time)"
        )
        print(
            f"load average before: {' '.join(f'{x:.2f}' for x in load_before)}, after: "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
        )
        columns = ("view de", "view en", "template de", "template en", "publish de", "publish en")
        print(f"{'page':24s}" + "".join(f"{column:>13s}" for column in columns) + "   size de")
        for kind, row in figures.items():
            print(
                f"{kind:24s}"
                + "".join(f"{row[column]:>13.2f}" for column in columns)
                + f"   {row['size'] / 1024:.0f} KiB"
            )
        worst = max(max(row["view de"], row["view en"]) for row in figures.values())
        print(f"slowest page kind (view): {worst:.2f} ms CPU")
        sys.stdout.flush()


def _kinds(season) -> dict[str, list[str]]:
    """Kind of page → the server addresses of several pages of that kind."""
    from django.urls import reverse

    from league.models import Night
    from results import standings

    table = standings.season_standings(season)
    nights = list(Night.objects.filter(season=season).order_by("date").values_list("pk", flat=True))
    step = max(1, len(table.rows) // 12)
    players = [row.player_id for row in table.rows[::step]]
    pages = max(1, -(-len(table.rows) // standings.STANDINGS_PAGE_SIZE))
    every = lambda route: [reverse(route, args=[pk]) for pk in nights[:: max(1, len(nights) // 12)]]  # noqa: E731
    return {
        "home": [reverse("home")],
        "standings, first page": [f"{reverse('standings')}?season={season.pk}"],
        "standings, later pages": [f"{reverse('standings')}?page={n}&season={season.pk}" for n in range(2, pages + 1)]
        or [f"{reverse('standings')}?season={season.pk}"],
        "statistics": [f"{reverse('season_statistics')}?season={season.pk}"],
        "jackpot": [f"{reverse('jackpot')}?season={season.pk}"],
        "night results": every("night_results"),
        "seating": every("seating"),
        "player page": [f"{reverse('player_detail', args=[pk])}?season={season.pk}" for pk in players],
    }


def _measure(
    kinds: dict[str, list[str]], repeat: int, profile: str | None, dump: str | None, profile_publish: bool = False
) -> dict[str, dict[str, float]]:
    import cProfile
    import pstats

    from league.held import held
    from online.publish.addresses import public_address
    from online.publish.pages import Crawl, _keep_seasons, _quiet_404s

    crawl = Crawl()
    _time_templates()
    figures: dict[str, dict[str, float]] = {}
    with held(), _quiet_404s():
        _keep_seasons()
        for kind, urls in kinds.items():
            row: dict[str, float] = {}
            for language in ("de", "en"):
                addresses = [public_address(url, language=language) for url in urls]
                assert all(addresses), urls
                for address in addresses:  # warm-up: templates compiled, caches filled
                    assert crawl._fetch(address) is not None, address
                    page = crawl.page(address)
                    if dump:
                        path = os.path.join(dump, address.file)
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        with open(path, "wb") as handle:
                            handle.write(page.body)
                row[f"view {language}"] = _median(lambda a: crawl._fetch(a), addresses, repeat)
                _TEMPLATE_MS.clear()
                row[f"template {language}"] = _median(
                    lambda a: (_TEMPLATE_MS.append(0.0), crawl._fetch(a), _TEMPLATE_MS[-1])[2],
                    addresses,
                    repeat,
                    own=True,
                )
                row[f"publish {language}"] = _median(lambda a: crawl.page(a), addresses, repeat)
                if language == "de":
                    row["size"] = len(crawl._fetch(addresses[0])[1])
                if kind == profile:
                    render = crawl.page if profile_publish else crawl._fetch
                    profiler = cProfile.Profile()
                    profiler.enable()
                    for k in range(repeat):
                        render(addresses[k % len(addresses)])
                    profiler.disable()
                    print(
                        f"--- {kind}, {language}: {repeat} renders{' as publish makes them' if profile_publish else ''} ---"
                    )
                    pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
                    pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
            figures[kind] = row
    return figures


def _median(render, addresses, repeat: int, own: bool = False) -> float:
    """The median CPU ms of `render` over `repeat` renders cycling through `addresses` (`own`: the figure the
    render returns)."""
    times = []
    for k in range(repeat):
        address = addresses[k % len(addresses)]
        started = time.process_time()
        found = render(address)
        times.append(found if own else (time.process_time() - started) * 1000)
    return statistics.median(times)


_TEMPLATE_MS: list[float] = []


def _time_templates() -> None:
    """Counts the CPU time spent in the template language (the Django backend's render) into _TEMPLATE_MS."""
    from django.template.backends import django as backend

    render = backend.Template.render

    def timed(self, context=None, request=None):
        started = time.process_time()
        try:
            return render(self, context, request)
        finally:
            if _TEMPLATE_MS:
                _TEMPLATE_MS[-1] += (time.process_time() - started) * 1000

    backend.Template.render = timed


if __name__ == "__main__":
    main()
