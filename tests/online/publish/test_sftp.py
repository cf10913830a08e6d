"""`manage.py publish --to sftp://…` against Debian's OpenSSH server, started here on a 127.0.0.1 port with a
throwaway host key and client key; the host key is checked against a known_hosts file of the test's own. The
login's home, as the SFTP server starts in it, is a folder of the test (`internal-sftp -d`)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from online.publish import sync
from online.publish.sftp import Sftp
from tests.evening import build_evening
from tests.online.publish import sender
from tests.online.publish.site_crawl import broken_links, site_files
from tests.online.publish.test_folder import _one_more_table, run_sender

SSHD = "/usr/sbin/sshd"
pytestmark = [pytest.mark.django_db, pytest.mark.server]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _keygen(path: Path) -> str:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path.with_suffix(".pub").read_text().strip()


@pytest.fixture
def sshd(tmp_path):
    if not (os.path.exists(SSHD) and shutil.which("ssh-keygen")) or os.geteuid() != 0:
        if os.environ.get("CI"):
            pytest.fail("CI needs Debian's openssh-server and root for the SFTP test (.ci/run installs it)")
        pytest.skip("needs Debian's openssh-server (apt-get install openssh-server) and root")
    keys = tmp_path / "keys"
    keys.mkdir()
    host_public = _keygen(keys / "host")
    client_public = _keygen(keys / "client")
    (keys / "authorized_keys").write_text(client_public + "\n")
    port = _free_port()
    known_hosts = keys / "known_hosts"
    known_hosts.write_text(f"[127.0.0.1]:{port} {host_public.split()[0]} {host_public.split()[1]}\n")
    home = tmp_path / "home"
    home.mkdir()
    config = keys / "sshd_config"
    config.write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {keys / 'host'}\nAuthorizedKeysFile {keys / 'authorized_keys'}\n"
        f"PidFile {keys / 'sshd.pid'}\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\n"
        "PermitRootLogin prohibit-password\nStrictModes no\nLogLevel ERROR\n"
        f"Subsystem sftp internal-sftp -d {home}\n"
    )
    Path("/run/sshd").mkdir(exist_ok=True)  # its privilege separation folder
    server = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        server.kill()
        pytest.fail(f"sshd did not start: {server.stderr.read().decode()}")
    try:
        yield {"port": port, "key": keys / "client", "known_hosts": known_hosts, "keys": keys, "home": home}
    finally:
        server.terminate()
        server.wait(timeout=10)


def _publish(to: str, **options) -> str:
    out = io.StringIO()
    call_command("publish", to=to, stdout=out, jobs=1, **options)
    return out.getvalue()


@pytest.fixture
def login(sshd, monkeypatch):
    monkeypatch.setenv("PUBLISH_SSH_KEY", str(sshd["key"]))
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(sshd["known_hosts"]))
    return f"sftp://root@127.0.0.1:{sshd['port']}"


def _visible(root: Path) -> dict[str, bytes]:
    """What a visitor can open: the site's files, not the manifest, not what waits under a temporary name."""
    return {
        name: path.read_bytes()
        for name, path in site_files(root).items()
        if name != sync.MANIFEST and not name.endswith(".publishing")
    }


def test_the_handbook_s_address_is_the_folder_www_in_the_login_s_home(tmp_path, organizer, sshd, login):
    build_evening(organizer)
    out = _publish(f"{login}/www")  # as docs/handbuch/server.md writes it
    remote = sshd["home"] / "www"
    assert (remote / "index.html").exists() and broken_links(remote) == []
    assert f"{login}/www:" in out
    assert "gesendet 0 (0 B)" in _publish(f"{login}/~/www")  # the same folder, written as ~/www


def test_an_address_meant_as_absolute_but_read_from_the_home_says_where_it_looked(tmp_path, organizer, sshd, login):
    (tmp_path / "srv").mkdir()
    with pytest.raises(CommandError) as refused:
        _publish(f"{login}{tmp_path}/srv/www")  # one slash: from the home
    assert f"Den Ordner {sshd['home']}{tmp_path}/srv gibt es auf 127.0.0.1 nicht" in str(refused.value)
    assert "sftp://benutzer@host//srv/www" in str(refused.value)
    assert list(sshd["home"].iterdir()) == [] and not (tmp_path / "srv" / "www").exists()


def test_a_folder_the_server_refuses_is_a_german_sentence(tmp_path, organizer, sshd, login):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(CommandError, match="a-file auf 127.0.0.1 ist eine Datei, kein Ordner"):
        _publish(f"{login}/{tmp_path}/a-file")
    with pytest.raises(CommandError, match="a-file auf 127.0.0.1 ist eine Datei, kein Ordner"):
        _publish(f"{login}/{tmp_path}/a-file/www")
    # /sys takes no new folder, not even from root: the server answers "permission denied" (or a plain failure).
    with pytest.raises(CommandError, match=r"^Der Server 127.0.0.1 verweigert den Zugriff auf /sys/league: "):
        _publish(f"{login}//sys/league")


def test_publishing_over_sftp_sends_the_site_then_only_what_changed(tmp_path, organizer, sshd, monkeypatch):
    build_evening(organizer)
    monkeypatch.setenv("PUBLISH_SSH_KEY", str(sshd["key"]))
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(sshd["known_hosts"]))
    remote = tmp_path / "www" / "league"
    to = f"sftp://root@127.0.0.1:{sshd['port']}/{remote}"  # two slashes: absolute
    (tmp_path / "www").mkdir()
    first = _publish(to)
    assert re.search(r"; gesendet [1-9][0-9]* \(", first) and "entfernt 0" in first
    local = tmp_path / "local"
    _publish(str(local))
    assert set(site_files(remote)) == set(site_files(local))  # the same site as into a folder
    assert broken_links(remote) == []
    assert not list(remote.rglob("*.publishing"))
    second = _publish(to)
    assert "gesendet 0 (0 B)" in second


def test_an_unknown_or_changed_host_key_refuses_to_send(tmp_path, organizer, sshd, monkeypatch):
    build_evening(organizer)
    monkeypatch.setenv("PUBLISH_SSH_KEY", str(sshd["key"]))
    remote = tmp_path / "www"
    to = f"sftp://root@127.0.0.1:{sshd['port']}/{remote}"
    empty = tmp_path / "known_hosts_empty"
    empty.write_text("")
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(empty))
    with pytest.raises(CommandError, match="nicht in der Datei der bekannten Hosts"):
        _publish(to)
    other = _keygen(tmp_path / "other").split()
    wrong = tmp_path / "known_hosts_wrong"
    wrong.write_text(f"[127.0.0.1]:{sshd['port']} {other[0]} {other[1]}\n")
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(wrong))
    with pytest.raises(CommandError, match="anderen Host-Schlüssel"):
        _publish(to)
    assert not remote.exists()


def test_a_server_that_cannot_be_reached_is_one_clear_error(tmp_path, organizer, monkeypatch):
    known = tmp_path / "known_hosts"
    known.write_text("")
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(known))
    monkeypatch.setenv("PUBLISH_SSH_PASSWORD", "x")
    with pytest.raises(CommandError, match="nicht erreichbar"):
        _publish(f"sftp://league@127.0.0.1:{_free_port()}/srv/www")


def test_a_poisoned_manifest_on_the_server_is_reported_and_ignored_and_nothing_outside_is_removed(
    tmp_path, organizer, sshd, login
):
    build_evening(organizer)
    remote = sshd["home"] / "www"
    _publish(f"{login}/www")
    victim, absolute = sshd["home"] / "victim.txt", tmp_path / "secret-key"
    victim.write_text("keep me")
    absolute.write_text("keep me too")
    manifest = json.loads((remote / sync.MANIFEST).read_text())
    manifest["files"].update({"../victim.txt": "0" * 64, str(absolute): "0" * 64})
    (remote / sync.MANIFEST).write_text(json.dumps(manifest))
    out = _publish(f"{login}/www")
    assert "nennt Dateien außerhalb der Seite" in out and "entfernt 0" in out
    assert victim.read_text() == "keep me" and absolute.read_text() == "keep me too"
    assert "außerhalb" not in _publish(f"{login}/www")


def test_publish_does_not_write_through_a_symbolic_link_on_the_server(tmp_path, organizer, sshd, login):
    build_evening(organizer)
    remote, outside = sshd["home"] / "www", tmp_path / "outside"
    remote.mkdir()
    outside.mkdir()
    (remote / "players").symlink_to(outside)
    with pytest.raises(CommandError, match="players im Ziel ist ein symbolischer Link"):
        _publish(f"{login}/www")
    assert list(outside.iterdir()) == []
    assert not (remote / "index.html").exists()


class Stopped(Exception):
    pass


def test_a_run_stopped_half_way_leaves_the_old_site_whole_and_the_next_run_sends_only_the_rest(
    tmp_path, organizer, sshd, login, monkeypatch
):
    evening = build_evening(organizer)
    remote = sshd["home"] / "www"
    _publish(f"{login}/www")
    old = _visible(remote)
    _one_more_table(evening, organizer)
    written: list[str] = []
    original = Sftp.write

    def failing(self, name, data):
        if name != sync.MANIFEST and len([n for n in written if n != sync.MANIFEST]) == 8:
            raise Stopped  # as a killed run: nothing after this point happens
        written.append(name)
        original(self, name, data)

    monkeypatch.setattr(sync, "CHECKPOINT_SECONDS", 0.0)
    monkeypatch.setattr(Sftp, "write", failing)
    with pytest.raises(Stopped):
        _publish(f"{login}/www")
    assert _visible(remote) == old  # the pages sent wait under temporary names: no visitor sees them
    assert len(list(remote.rglob("*.publishing"))) >= 8

    written.clear()
    monkeypatch.setattr(Sftp, "write", lambda self, name, data: (written.append(name), original(self, name, data)))
    out = _publish(f"{login}/www")
    fresh = tmp_path / "fresh"
    _publish(str(fresh))
    assert _visible(remote) == _visible(fresh) != old
    sent = int(re.search(r"; gesendet ([0-9]+) \(", out).group(1))
    assert len([n for n in written if n != sync.MANIFEST]) == sent - 8  # the eight already there were not sent again
    assert not list(remote.rglob("*.publishing")) and broken_links(remote) == []


def test_a_run_killed_half_way_over_sftp_shows_only_the_old_site_and_the_next_completes(sshd, login):
    environ = {"PUBLISH_SSH_KEY": str(sshd["key"]), "PUBLISH_KNOWN_HOSTS": str(sshd["known_hosts"])}
    remote = sshd["home"] / "www"
    run_sender(f"{login}/www", "old", environ=environ)
    old = _visible(remote)
    run_sender(f"{login}/www", "new", pause_after=400, environ=environ)  # killed (SIGKILL) after 400 files
    assert _visible(remote) == old and broken_links(remote) == []
    assert run_sender(f"{login}/www", "new", environ=environ).strip() == f"sent {len(sender.site('new'))}"
    assert _visible(remote) == sender.site("new") and not list(remote.rglob("*.publishing"))
    assert broken_links(remote) == []


def test_a_link_planted_under_a_temporary_name_on_the_server_is_not_written_through(tmp_path, organizer, sshd, login):
    build_evening(organizer)
    remote, target = sshd["home"] / "www", tmp_path / "target.txt"
    target.write_text("untouched")
    remote.mkdir()
    (remote / "index.html.publishing").symlink_to(target)
    _publish(f"{login}/www")
    assert (
        target.read_text() == "untouched"
        and (remote / "index.html").is_file()
        and not (remote / "index.html").is_symlink()
    )
