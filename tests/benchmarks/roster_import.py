"""Benchmark: the player list's import preview with thousands of similar names: ``python -m tests.benchmarks.roster_import``.

In a throwaway SQLite database with a league of players, uploads a CSV file of ``--rows`` rows (5,000, the most a
file may hold) to the organizer's import page through the test client (German) and times the whole preview: reading
the file, comparing every row with the league and the rows above it, the page. Three kinds of file:

- "Person 1 … Person N": every row shares a word and most are a typo away from one another (the worst case of
  the comparison: every pair is a candidate);
- German names, first names and surnames from short lists, a typo in every tenth row: a real list of a big club;
- one first name for everyone ("Anna <surname>"), no row similar: every row compared, none found.

``--format xlsx`` or ``ods`` uploads the same rows as a workbook (written by the app's own exporters), so the
cost of reading a sheet shows beside the CSV's.

Prints per file the median and the spread of ``--repeat`` uploads (the time the organizer waits, and the CPU time
the server spent, which other work on the machine changes less), the rows found new, duplicate and similar, and
the load average at the start. Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import tempfile
import time

FIRST = [
    "Anna",
    "Ben",
    "Clara",
    "David",
    "Emma",
    "Felix",
    "Greta",
    "Hannah",
    "Jonas",
    "Jürgen",
    "Lena",
    "Lukas",
    "Marie",
    "Max",
    "Mia",
    "Noah",
    "Paul",
    "Sophie",
    "Tim",
    "Özlem",
]
LAST = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Krause",
    "Meier",
    "Lehmann",
    "Weiß",
    "Öztürk",
    "Yılmaz",
    "Kaya",
    "Demir",
    "Nowak",
    "Kowalski",
    "Lewandowski",
    "Popescu",
    "Rossi",
]


def _born(k: int) -> str:
    return (datetime.date(1960, 1, 1) + datetime.timedelta(days=(k * 97) % 15000)).strftime("%d.%m.%Y")


def _typo(name: str, rng: random.Random) -> str:
    at = rng.randrange(1, len(name))
    return name[:at] + rng.choice("aeinrst") + name[at + 1 :] if rng.random() < 0.5 else name[:at] + name[at + 1 :]


def person_rows(rows: int) -> list[str]:
    return [f"Person {k}" for k in range(1, rows + 1)]


def german_rows(rows: int) -> list[str]:
    rng = random.Random(43)
    names = []
    for k in range(rows):
        name = (
            f"{rng.choice(FIRST)} {rng.choice(LAST)}-{rng.choice(LAST)}"
            if k % 3
            else f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        )
        names.append(_typo(name, rng) if k % 10 == 9 and names else name)
    return names


def one_first_name_rows(rows: int) -> list[str]:
    rng = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [f"Anna {''.join(rng.choice(letters) for _ in range(rng.randrange(6, 12))).title()}" for _ in range(rows)]


FILES = (
    ("Person 1 … Person N", person_rows),
    ("German names, typos", german_rows),
    ("one first name for all", one_first_name_rows),
)


def csv_bytes(names: list[str]) -> bytes:
    lines = ["Name;Geburtsdatum;Ausweis geprüft (18+)"]
    lines += [f"{name};{_born(k)};ja" for k, name in enumerate(names)]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def workbook_bytes(names: list[str], kind: str) -> bytes:
    from league.spreadsheets.ods import ods_bytes
    from league.web.xlsx import xlsx_bytes

    header = ["Name", "Geburtsdatum", "Ausweis geprüft (18+)"]
    rows = [[name, datetime.datetime.strptime(_born(k), "%d.%m.%Y").date(), "ja"] for k, name in enumerate(names)]
    return (xlsx_bytes if kind == "xlsx" else ods_bytes)([("Spieler", header, rows)], language="de")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000, help="rows of each file (at most 5,000)")
    parser.add_argument("--league", type=int, default=300, help="players the league has already (German names)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--format", choices=("csv", "xlsx", "ods"), default="csv", help="the file's format")
    args = parser.parse_args()
    load = os.getloadavg()
    print(
        f"{args.format}, rows {args.rows} per file, league of {args.league} players, {args.repeat} uploads each; "
        f"load average at the start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)"
    )
    with tempfile.TemporaryDirectory() as folder:
        from tests.benchmarks.standings import _setup_django

        _setup_django(os.path.join(folder, "bench.sqlite3"))
        from django.contrib.auth import get_user_model
        from django.core.files.uploadedfile import SimpleUploadedFile
        from django.test import Client
        from django.urls import reverse

        from league.models import Player

        Player.objects.bulk_create(Player(name=name, id_checked_adult=True) for name in german_rows(args.league))
        organizer = get_user_model().objects.create_user("bench", password="x", is_staff=True)
        client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="de")
        client.force_login(organizer)
        for label, make in FILES:
            data = csv_bytes(make(args.rows)) if args.format == "csv" else workbook_bytes(make(args.rows), args.format)
            times, cpu = [], []
            for _ in range(args.repeat):
                started, started_cpu = time.perf_counter(), time.process_time()
                response = client.post(
                    reverse("players_import"), {"file": SimpleUploadedFile(f"spieler.{args.format}", data)}
                )
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
                assert response.status_code == 200, response.status_code
            page = response.content.decode()
            counts = {
                kind: page.split(f'id="count-{kind}">')[1].split("<")[0] for kind in ("new", "duplicate", "similar")
            }
            print(
                f"{label:24s} preview median {statistics.median(times):6.2f} s  (runs {min(times):.2f}–{max(times):.2f} s), "
                f"CPU median {statistics.median(cpu):.2f} s; {args.rows} rows: {counts['new']} new, "
                f"{counts['duplicate']} duplicate, {counts['similar']} similar"
            )


if __name__ == "__main__":
    main()
