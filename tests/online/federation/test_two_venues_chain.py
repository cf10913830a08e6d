"""Two venues play offline and send their nights to the league's server, for real (docs/design.md, "Venues that
play offline"):

- the league's server as docs/server.md sets it up: PostgreSQL, `manage.py serve` as a service user, Debian's
  nginx with TLS in front (tests/online/server/chain.py), on 127.0.0.1 with a certificate for that address;
- two venues' laptops: `manage.py venue` on SQLite on 127.0.0.3 and 127.0.0.4, their commands
  (`join_league`, `fetch_league`, `send_nights`) as the organizer types them, each a new process;
- the second venue's internet line through a gate the test takes offline and cuts midway (tests/online/
  federation/gate.py).

A night at each venue: players the league knows, one of them at both, and new faces made at each desk; every
table tapped on its dealer's phone (tests.benchmarks.support.phone_client) for some hands, the rest typed from
the paper sheet; "Abend beenden". The first venue sends at once; the second is offline until after its night,
then its sending is cut midway and goes on where it stopped. The league's tables are checked against points
computed here from the places (field size: n - place + 1 at each table); a night sent twice changes nothing; a
tampered bundle and one signed by another venue's key are refused and change nothing.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from contextlib import ExitStack
from fractions import Fraction

import pytest

from tests.benchmarks.support.phone_client import REPO_ROOT, DealerPhone, start_venue_server
from tests.online.federation.gate import Gate
from tests.online.server.chain import missing, running_chain

pytestmark = [pytest.mark.server, pytest.mark.subprocess]

SITE = "127.0.0.1"
ANKER_PLAYERS = ["Lena Vogt", "Ali Demir", "Berta Kunz", "Carla Neu", "Dieter Neu", "Emma Neu", "Fritz Neu"]
KRONE_PLAYERS = ["Lena Vogt", "Jörg Maier", "Gustav Neu", "Hanna Neu", "Ida Neu"]
PIECE = (
    1024  # bytes a piece (the least send_nights takes): a night's bundle goes in several, so a cut falls between two
)


def _run(command: list[str], env: dict, *, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(command, env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(command[:5])} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def _json(command: list[str], env: dict) -> dict:
    return json.loads(_run(command, env).stdout.strip().splitlines()[-1])


class Laptop:
    """A venue's laptop: its database, its server on its own loopback address, its commands."""

    def __init__(self, name: str, folder, address: str, cafile, stack: ExitStack) -> None:
        self.name = name
        database = folder / f"{name}.sqlite3"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATA_DIR")},
            "DATABASE_URL": f"sqlite:///{database}",
            "SSL_CERT_FILE": str(cafile),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        self.server = start_venue_server(
            str(database), hosts=(address,), log_dir=str(folder), SSL_CERT_FILE=str(cafile)
        )
        stack.callback(self.server.stop)
        self.address = address

    def manage(self, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
        return _run([sys.executable, "manage.py", *arguments], self.env, check=check)

    def step(self, *arguments: str) -> dict:
        return _json([sys.executable, "-m", "tests.online.federation.venue_steps", *arguments], self.env)

    def tap(self, table: dict, seed: int, taps: int = 40) -> int:
        phone = DealerPhone(self.server.url(self.address), table["token"], seed)
        phone.play(taps, time.monotonic() + 90)
        return len(phone.taps)


def _expected(*nights: dict) -> dict[str, Fraction]:
    """Field-size points by hand: at each table, n - place + 1, summed over the nights."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    for night in nights:
        for name, where in night["places"].items():
            points[name] += where["of"] - where["place"] + 1
    return dict(points)


def _points(table: dict) -> dict[str, Fraction]:
    return {name: Fraction(row["points"]) for name, row in table.items()}


def _upload(link, data: bytes, signature: str, night_uid: str, version: int = 1) -> str:
    """The laptop's upload protocol driven by hand (announce, pieces, finish): the refusal's words, or ""."""
    from online.federation import client, signing

    facts = {"night": night_uid, "version": version, "digest": signing.digest(data), "size": len(data)}
    try:
        answer = client.request(link, "POST", "/league-link/nights/", body=signing.canonical(facts))
        if answer.get("status") == "unchanged":
            return "unverändert"
        token, received = answer["upload"], int(answer["received"])
        while received < len(data):
            answer = client.request(
                link,
                "PUT",
                f"/league-link/uploads/{token}/?offset={received}",
                body=data[received : received + 65536],
                content_type="application/octet-stream",
            )
            received = int(answer["received"])
        client.request(
            link, "POST", f"/league-link/uploads/{token}/finish/", body=json.dumps({"signature": signature}).encode()
        )
    except client.LinkError as refusal:
        return str(refusal)
    return ""


def test_two_venues_play_offline_and_send_their_nights(tmp_path, monkeypatch):
    reason = missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the two-venue chain test must run in CI: {reason} (.ci/run installs nginx)")
        pytest.skip(reason)
    with running_chain(site=SITE, with_night=False, threads=24) as chain, ExitStack() as stack:

        def server(what: str) -> dict:
            return _json([sys.executable, "-m", "tests.online.federation.server_steps", what], chain.env)

        league = server("setup")
        gate = stack.enter_context(Gate((SITE, chain.https_port)))
        anker = Laptop("anker", tmp_path, "127.0.0.3", chain.cafile, stack)
        krone = Laptop("krone", tmp_path, "127.0.0.4", chain.cafile, stack)

        # Joining, once per laptop; the second laptop's line goes through the gate.
        joined = anker.manage("join_league", chain.url, league["codes"]["Zum Anker"], "--label", "Bar")
        assert "Zum Anker" in joined.stdout
        krone.manage("join_league", f"https://{SITE}:{gate.port}", league["codes"]["Krone"])
        used_again = anker.manage("join_league", chain.url, league["codes"]["Krone"], "--replace", check=False)
        assert used_again.returncode != 0 and "Traceback" not in used_again.stderr, used_again.stderr

        # Before the night: each laptop fetches the league; its desk then knows every venue's players.
        for laptop in (anker, krone):
            laptop.manage("fetch_league")
            held = laptop.step("show")
            assert {"Lena Vogt", "Ali Demir", "Berta Kunz", "Jörg Maier"} <= set(held["players"])
            assert league["season"] in held["seasons"]

        # The second venue goes offline for its whole night.
        gate.online = False

        nights = {}
        for laptop, players, date in ((anker, ANKER_PLAYERS, "2026-12-02"), (krone, KRONE_PLAYERS, "2026-12-03")):
            night = laptop.step("night", "--season", league["season"], "--date", date, "--players", ",".join(players))
            assert sum(len(t["players"]) for t in night["tables"]) == len(players)
            taps = [laptop.tap(table, seed=7 + table["number"]) for table in night["tables"]]
            assert all(count > 5 for count in taps), taps
            nights[laptop.name] = {**night, **laptop.step("finish", "--night", night["night"])}
        assert anker.step("show")["hands"] > 0 and krone.step("show")["hands"] > 0

        # The first venue sends at once.
        sent = anker.manage("send_nights")
        assert "gesendet" in sent.stdout, sent.stdout
        after_anker = server("counts")
        assert after_anker["nights"] == 1 and after_anker["hands"] == anker.step("show")["hands"]

        # The second is offline: refused in words, nothing on the server, the night kept on the laptop.
        offline = krone.manage("send_nights", "--piece-bytes", str(PIECE), check=False)
        assert offline.returncode != 0 and "Traceback" not in offline.stderr
        assert "nicht erreichbar" in offline.stdout + offline.stderr, offline.stdout + offline.stderr
        assert server("counts") == after_anker

        # A tampered bundle and one signed by another venue's key: refused, nothing written.
        from online.models import LeagueLink

        monkeypatch.setenv("SSL_CERT_FILE", str(chain.cafile))
        krone_bundle = krone.step("bundle", "--night", nights["krone"]["night"])
        anker_bundle = anker.step("bundle", "--night", nights["anker"]["night"])
        data = base64.b64decode(krone_bundle["data"])
        as_krone = LeagueLink(**{**krone_bundle["link"], "server_url": chain.url, "venue_name": "Krone"})
        as_anker = LeagueLink(**{**anker_bundle["link"], "venue_name": "Zum Anker"})
        tampered = data.replace(b'"Ida Neu"', b'"Ida Nix"')
        assert tampered != data
        refusal = _upload(as_krone, tampered, krone_bundle["signature"], nights["krone"]["night"])
        assert "nicht mit dem Schlüssel dieses Laptops signiert" in refusal, refusal
        from online.federation import signing

        refusal = _upload(as_anker, data, signing.sign(as_anker.private_key, data), nights["krone"]["night"])
        assert refusal, "a night of the Krone signed by the Anker's laptop was taken"
        assert server("counts") == after_anker

        # Online again, and the line drops in the middle of the sending: it goes on where it stopped.
        size = len(data)
        gate.online = True
        gate.cut_after = gate.carried + 2000 + size // 2  # past the announcement and a few pieces (TLS adds its own)
        cut = krone.manage("send_nights", "--piece-bytes", str(PIECE), check=False)
        assert gate.cuts == 1 and cut.returncode != 0, cut.stdout + cut.stderr
        assert "Traceback" not in cut.stderr and "nicht erreichbar" in cut.stdout, cut.stdout + cut.stderr
        assert server("counts") == after_anker
        logged = len(chain.access_log().splitlines())
        resumed = krone.manage("send_nights", "--piece-bytes", str(PIECE))
        assert "gesendet" in resumed.stdout, resumed.stdout
        # The resumed sending asked how far the server got and went on from there: no piece from the start.
        offsets = [
            int(o)
            for o in re.findall(
                r'"PUT /league-link/uploads/\S+\?offset=(\d+)', "\n".join(chain.access_log().splitlines()[logged:])
            )
        ]
        assert offsets and min(offsets) > 0 and max(offsets) < size, (offsets, size)

        # The league's tables: the league's over both nights, each venue's over its own.
        tables = server("tables")
        assert _points(tables["league"]) == _expected(nights["anker"], nights["krone"])
        assert _points(tables["Zum Anker"]) == _expected(nights["anker"])
        assert _points(tables["Krone"]) == _expected(nights["krone"])
        assert tables["league"]["Lena Vogt"]["nights"] == 2
        complete = server("counts")
        assert complete["nights"] == 2
        assert complete["hands"] == anker.step("show")["hands"] + krone.step("show")["hands"]

        # Sent twice: nothing changes.
        again = anker.manage("send_nights")
        assert "Traceback" not in again.stderr
        forced = _upload(
            as_anker, base64.b64decode(anker_bundle["data"]), anker_bundle["signature"], nights["anker"]["night"]
        )
        assert forced == "" or "unverändert" in forced, forced
        assert server("counts") == complete
        assert server("tables") == tables
