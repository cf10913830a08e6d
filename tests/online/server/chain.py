"""The whole server chain of docs/server.md on this machine: PostgreSQL, the app under `manage.py serve` as a
service user who cannot write in the checkout, and Debian's nginx with TLS in front, run from the very
example file docs/server/nginx-league.conf (its name, ports and paths replaced).

The site is `league.test` with a self-signed certificate; clients connect to 127.0.0.1 (or from 127.0.0.2,
127.0.0.3: other clients) and name league.test in SNI and Host, as a browser does.
"""

from __future__ import annotations

import http.client
import json
import os
import pwd
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from tests.benchmarks.support.phone_client import REPO_ROOT, free_port
from tests.benchmarks.support.postgres import throwaway_cluster

HOST = "league.test"
SERVICE_USER = "nobody"
NGINX = "/usr/sbin/nginx"
EXAMPLE = REPO_ROOT / "docs" / "server" / "nginx-league.conf"


def missing() -> str | None:
    """Why the chain cannot run here, or None."""
    if os.geteuid() != 0:
        return "needs root (runs the app as another user, PostgreSQL as postgres)"
    for tool in (NGINX, shutil.which("openssl"), shutil.which("runuser")):
        if not tool or not os.path.exists(tool):
            return "needs Debian's nginx, openssl and runuser (apt-get install nginx)"
    return None


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: str

    def header(self, name: str) -> str:
        return self.headers.get(name, "")

    def cookies(self) -> list[str]:
        return self.headers.get_all("Set-Cookie") or []


@dataclass
class Client:
    """One browser-like client over TLS to the proxy: SNI and Host league.test, from a source address of its own."""

    port: int
    cafile: Path
    source: str = "127.0.0.1"
    jar: dict[str, str] = field(default_factory=dict)
    site: str = HOST

    def request(
        self, method: str, path: str, *, data: dict | None = None, headers: dict | None = None, host: str | None = None
    ) -> Answer:
        context = ssl.create_default_context(cafile=str(self.cafile))
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=20, source_address=(self.source, 0))
        connection = http.client.HTTPSConnection(self.site, self.port, context=context, timeout=20)
        connection.sock = context.wrap_socket(raw, server_hostname=self.site)
        all_headers = {"Host": host or f"{self.site}:{self.port}", "Accept-Language": "de", **(headers or {})}
        if self.jar:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        body = None
        if data is not None:
            body = urlencode(data)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers.setdefault("Origin", f"https://{self.site}:{self.port}")
            all_headers.setdefault("Referer", f"https://{self.site}:{self.port}{path}")
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            answer = Answer(response.status, response.headers, response.read().decode(errors="replace"))
        finally:
            connection.close()
        for line in answer.cookies():
            cookie = SimpleCookie(line)
            for name, morsel in cookie.items():
                self.jar[name] = morsel.value
        return answer

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def log_in(self, username: str, password: str) -> Answer:
        self.get("/accounts/login/")
        return self.request(
            "POST",
            "/accounts/login/",
            data={"username": username, "password": password, "csrfmiddlewaretoken": self.jar.get("csrftoken", "")},
            headers={"X-CSRFToken": self.jar.get("csrftoken", "")},
        )

    def post(self, path: str, data: dict | None = None) -> Answer:
        return self.request(
            "POST",
            path,
            data={"csrfmiddlewaretoken": self.jar.get("csrftoken", ""), **(data or {})},
            headers={"X-CSRFToken": self.jar.get("csrftoken", "")},
        )


@dataclass
class Chain:
    https_port: int
    http_port: int
    app_port: int
    cafile: Path
    data_dir: Path
    folder: Path
    database_url: str
    night: dict
    superuser: tuple[str, str]
    deploy_check: str
    app_log: Path
    site: str = HOST
    env: dict = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"https://{self.site}:{self.https_port}"

    def client(self, source: str = "127.0.0.1") -> Client:
        return Client(self.https_port, self.cafile, source, site=self.site)

    def access_log(self) -> str:
        return (self.folder / "nginx" / "access.log").read_text()


def _run(command: list[str], env: dict, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command[:4])} failed ({result.returncode}):\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
    return result


def _service_python() -> tuple[list[str], dict]:
    """How the service user starts Python with the checkout's packages: the venv's interpreter if he may run it;
    else (a venv made from a Python under /root, as with pyenv) the system's Python 3.11 with the venv's packages."""
    venv_python = Path(sys.executable)
    if (
        subprocess.run(
            ["runuser", "-u", SERVICE_USER, "--", str(venv_python), "-c", "pass"], capture_output=True
        ).returncode
        == 0
    ):
        return [str(venv_python)], {}
    site = next(Path(sys.prefix, "lib").glob("python3*/site-packages"))
    return ["/usr/bin/python3"], {"PYTHONPATH": str(site)}


def _nginx_config(
    folder: Path, https_port: int, http_port: int, app_port: int, cert: Path, key: Path, name: str = HOST
) -> Path:
    site = EXAMPLE.read_text()
    replacements = [
        ("listen 80 default_server;", f"listen 127.0.0.1:{http_port} default_server;"),
        ("listen 443 ssl http2 default_server;", f"listen 127.0.0.1:{https_port} ssl http2 default_server;"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
        ("league.example.org;", f"{name};"),
        ("/etc/letsencrypt/live/league.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/league.example.org/privkey.pem", str(key)),
        ("server 127.0.0.1:8001;", f"server 127.0.0.1:{app_port};"),
        ("return 301 https://$host$request_uri;", f"return 301 https://$host:{https_port}$request_uri;"),
    ]
    if name[0].isdigit():
        # A site by its address: a client sends no name in the TLS handshake (SNI is for names only), so the
        # league's server is the default for HTTPS and the catch-all keeps to plain HTTP.
        replacements = [(old, new) for old, new in replacements if old != "listen 443 ssl http2;"]
        replacements[1:1] = [
            ("    listen 443 ssl http2 default_server;\n", ""),
            ("    ssl_reject_handshake on;\n", ""),
            ("listen 443 ssl http2;", "listen 443 ssl http2 default_server;"),
        ]
    for old, new in replacements:
        assert old in site, f"docs/server/nginx-league.conf no longer has {old!r}: update the chain test with it"
        site = site.replace(old, new)
    (folder / "league.conf").write_text(site)
    main = folder / "nginx.conf"
    temp = "\n".join(
        f"  {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main.write_text(
        f"user root;\nworker_processes 1;\ndaemon off;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 512; }\n"
        "http {\n"
        "  log_format chain '$remote_addr $server_protocol $status \"$request\"';\n"
        f"  access_log {folder / 'access.log'} chain;\n{temp}\n"
        f"  include {folder / 'league.conf'};\n}}\n"
    )
    return main


def _wait(predicate, seconds: float, what: str, log: Path | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.2)
    details = log.read_text()[-3000:] if log and log.exists() else ""
    raise RuntimeError(f"{what} did not come up within {seconds:.0f} s\n{details}")


def _from_example(*names: str) -> dict[str, str]:
    """Settings as docs/server/env.example sets them (those not tied to the example's own name and paths)."""
    lines = (REPO_ROOT / "docs" / "server" / "env.example").read_text().splitlines()
    found = dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))
    return {name: found[name] for name in names}


@contextmanager
def running_chain(*, threads: int = 48, site: str = HOST, with_night: bool = True) -> Iterator[Chain]:
    """The chain on free ports. `site` is the name it serves (league.test; or an address such as 127.0.0.1, for
    clients that resolve names themselves, with a certificate for that address); `with_night` builds a night of
    two tables (tests.benchmarks.support.venue_db) in the database first."""
    with ExitStack() as stack:
        cluster = stack.enter_context(throwaway_cluster(max_connections=100))
        folder = Path(tempfile.mkdtemp(prefix="league-chain-"))
        stack.callback(shutil.rmtree, folder, ignore_errors=True)
        folder.chmod(0o755)
        data_dir = folder / "data"  # the service user's own, 0700, as systemd's StateDirectory makes it
        data_dir.mkdir(mode=0o700)
        user = pwd.getpwnam(SERVICE_USER)
        os.chown(data_dir, user.pw_uid, user.pw_gid)

        https_port, http_port, app_port = free_port(), free_port(), free_port()
        certs = folder / "tls"
        certs.mkdir()
        cert, key = certs / "cert.pem", certs / "key.pem"
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                f"/CN={site}",
                "-addext",
                f"subjectAltName={'IP' if site[0].isdigit() else 'DNS'}:{site}",
                "-keyout",
                str(key),
                "-out",
                str(cert),
            ],
            check=True,
            capture_output=True,
        )
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(folder),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": site,
            "CSRF_TRUSTED_ORIGINS": f"https://{site}:{https_port}",
            "PUBLIC_URL": f"https://{site}:{https_port}",
            "DATABASE_URL": cluster.url,
            "DATA_DIR": str(data_dir),
            "TRUSTED_PROXIES": "127.0.0.1",
            **_from_example("LIVE_STREAMS_PER_CLIENT"),
        }
        python, extra = _service_python()

        def as_service(*arguments: str, more: dict | None = None) -> list[str]:
            variables = {**env, **extra, **(more or {})}
            return [
                "runuser",
                "-u",
                SERVICE_USER,
                "--",
                "env",
                "-i",
                *(f"{k}={v}" for k, v in variables.items()),
                *python,
                *arguments,
            ]

        # The deployer, who owns the checkout, collects the static files into it ...
        from league.venue import one_setup_at_a_time  # the venue servers' lock on the checkout's static folder

        with one_setup_at_a_time(REPO_ROOT / ".venue-setup.lock"):
            _run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], env)
        # ... and every other command runs as the service user, who owns the data folder.
        _run(as_service("manage.py", "migrate", "--noinput", "-v", "0"), env)
        superuser = ("chef", secrets.token_urlsafe(12))
        _run(
            as_service(
                "manage.py",
                "createsuperuser",
                "--noinput",
                more={
                    "DJANGO_SUPERUSER_USERNAME": superuser[0],
                    "DJANGO_SUPERUSER_PASSWORD": superuser[1],
                    "DJANGO_SUPERUSER_EMAIL": "chef@example.org",
                },
            ),
            env,
        )
        checked = _run(as_service("manage.py", "check", "--deploy"), env)
        deploy_check = checked.stdout + checked.stderr
        night: dict = {}
        if with_night:
            built = _run(
                as_service("-m", "tests.benchmarks.support.venue_db", "build", cluster.url, "--tables", "2"), env
            )
            night = json.loads(built.stdout)

        # The app server, as the service user: he cannot write in the checkout.
        app_log = folder / "app.log"
        with open(app_log, "wb") as log:
            server = subprocess.Popen(
                as_service("manage.py", "serve", "--bind", f"127.0.0.1:{app_port}", "--threads", str(threads)),
                cwd=REPO_ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        stack.callback(_stop, server)
        _wait(
            lambda: socket.create_connection(("127.0.0.1", app_port), timeout=1).close() or True,
            60,
            "manage.py serve",
            app_log,
        )

        nginx_dir = folder / "nginx"
        nginx_dir.mkdir()
        config = _nginx_config(nginx_dir, https_port, http_port, app_port, cert, key, name=site)
        test = subprocess.run([NGINX, "-t", "-c", str(config)], capture_output=True, text=True)
        assert test.returncode == 0, test.stderr
        proxy = subprocess.Popen(
            [NGINX, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        stack.callback(_stop, proxy)
        chain = Chain(
            https_port,
            http_port,
            app_port,
            cert,
            data_dir,
            folder,
            cluster.url,
            night,
            superuser,
            deploy_check,
            app_log,
            site,
            {**env, **extra},
        )
        _wait(lambda: chain.client().get("/health/").status == 200, 60, "the app through nginx", app_log)
        yield chain


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=5)
