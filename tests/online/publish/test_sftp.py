"""`manage.py publish --to sftp://…` against Debian's OpenSSH server, started here on a 127.0.0.1 port with a
throwaway host key and client key; the host key is checked against a known_hosts file of the test's own."""
from __future__ import annotations

import io
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

from tests.evening import build_evening
from tests.online.publish.site_crawl import broken_links, site_files

SSHD = "/usr/sbin/sshd"
pytestmark = pytest.mark.django_db


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
    config = keys / "sshd_config"
    config.write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {keys / 'host'}\nAuthorizedKeysFile {keys / 'authorized_keys'}\n"
        f"PidFile {keys / 'sshd.pid'}\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\n"
        "PermitRootLogin prohibit-password\nStrictModes no\nSubsystem sftp internal-sftp\nLogLevel ERROR\n"
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
        yield {"port": port, "key": keys / "client", "known_hosts": known_hosts, "keys": keys}
    finally:
        server.terminate()
        server.wait(timeout=10)


def _publish(to: str) -> str:
    out = io.StringIO()
    call_command("publish", to=to, stdout=out, jobs=1)
    return out.getvalue()


def test_publishing_over_sftp_sends_the_site_then_only_what_changed(tmp_path, organizer, sshd, monkeypatch):
    build_evening(organizer)
    monkeypatch.setenv("PUBLISH_SSH_KEY", str(sshd["key"]))
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(sshd["known_hosts"]))
    remote = tmp_path / "www" / "league"
    to = f"sftp://root@127.0.0.1:{sshd['port']}{remote}"
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
    to = f"sftp://root@127.0.0.1:{sshd['port']}{remote}"
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
