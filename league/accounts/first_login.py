"""The league's first organizer account: made on a fresh database with a generated password, told once.

`manage.py venue` and `manage.py setup_demo` call `ensure_first_organizer` before they print anything: on a
database where nobody can log in as an organizer yet it makes the account `organizer` with a password of
twelve easily typed characters, writes both to the database's login file (`login_file`, readable by its owner
only; git ignores it) and returns them, so the console shows them once. Later starts find an organizer and
change nothing; they point to the file while its password still logs in. `manage.py organizer_password`
sets a new one when it is lost (`reset_password`).

The login file belongs to its database: `.organizer-login` in DATA_DIR for the default database (DATA_DIR's
`db.sqlite3`), `.organizer-login-<name>-<digest>` for any other, so a second DATABASE_URL (a demo, a test
league) never writes over the real league's login. ORGANIZER_LOGIN_FILE, when set, is the file whatever the
database.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

USERNAME = "organizer"
DEFAULT_FILE = ".organizer-login"
DEFAULT_DATABASE = "db.sqlite3"  # settings.py's database when DATABASE_URL is not set
# No letters or digits that look alike (0/O, 1/l/I): the organizer types it from the console or the file.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class FirstLogin:
    username: str
    password: str | None  # only when the account was made just now: shown once
    created: bool
    file: Path | None  # the login file, while its password still logs in


def new_password() -> str:
    """Three groups of four (about 59 bits): kxq7-m2pd-9fzr."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(3))


def login_file(database: Mapping | None = None) -> Path:
    """ORGANIZER_LOGIN_FILE when set; else this database's own login file in DATA_DIR."""
    if settings.ORGANIZER_LOGIN_FILE:
        return Path(settings.ORGANIZER_LOGIN_FILE)
    return login_file_for(database or settings.DATABASES["default"], Path(settings.DATA_DIR))


def login_file_for(database: Mapping, data_dir: Path) -> Path:
    """`.organizer-login` for DATA_DIR's db.sqlite3 (where it always was); for another database its name (the
    file's stem, the PostgreSQL database's name) to be read by the organizer, and a digest of engine, host,
    port and name to tell apart two of one name."""
    engine = str(database.get("ENGINE") or "")
    name = str(database.get("NAME") or "")
    sqlite = engine.endswith("sqlite3")
    if sqlite:
        # Relative to the working folder, as SQLite opens it.
        name = str(Path(name).resolve()) if name and name != ":memory:" else name
        if name == str((data_dir / DEFAULT_DATABASE).resolve()):
            return data_dir / DEFAULT_FILE
    label = re.sub(r"[^A-Za-z0-9_]+", "-", Path(name).stem if sqlite else name).strip("-")[:40]
    where = "\n".join((engine, str(database.get("HOST") or ""), str(database.get("PORT") or ""), name))
    digest = hashlib.sha256(where.encode("utf-8")).hexdigest()[:8]
    return data_dir / "-".join(part for part in (DEFAULT_FILE, label, digest) if part)


def read_login_file(path: Path) -> tuple[str, str] | None:
    """(username, password) from the login file; an older file held the password alone."""
    try:
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError):
        return None
    if len(lines) == 1:
        return USERNAME, lines[0]
    if len(lines) >= 2:
        return lines[0].rpartition(" ")[2], lines[1].rpartition(" ")[2]
    return None


def write_login_file(path: Path, username: str, password: str) -> None:
    text = f"{_('Username:')} {username}\n{_('Password:')} {password}\n"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    path.chmod(0o600)


def _organizers():
    return get_user_model().objects.filter(is_staff=True, is_active=True)


def ensure_first_organizer(path: Path | None = None) -> FirstLogin:
    """The first organizer account when there is none yet (written to the login file); else the one there is."""
    path = Path(path or login_file())
    made = _create_first_organizer()
    if made is not None:
        username, password = made
        write_login_file(path, username, password)
        return FirstLogin(username, password, created=True, file=path)
    kept = read_login_file(path) if path.exists() else None
    if kept is not None:
        user = _organizers().filter(username=kept[0]).first()
        if user is not None and user.check_password(kept[1]):
            return FirstLogin(kept[0], None, created=False, file=path)
    first = _organizers().order_by("pk").values_list("username", flat=True).first()
    return FirstLogin(first or USERNAME, None, created=False, file=None)


@transaction.atomic
def _create_first_organizer() -> tuple[str, str] | None:
    User = get_user_model()
    if _organizers().exists():
        return None
    password = new_password()
    user = User.objects.filter(username=USERNAME).first() or User(username=USERNAME)
    user.is_staff = user.is_superuser = user.is_active = True
    user.set_password(password)
    user.save()
    return user.username, password


class NoSuchOrganizer(LookupError):
    """The name given is no active organizer account (or none was given and there is not exactly one)."""

    def __init__(self, username: str | None, organizers: list[str]) -> None:
        super().__init__(username)
        self.username = username
        self.organizers = organizers


def reset_password(username: str | None = None, path: Path | None = None) -> FirstLogin:
    """A new generated password for the organizer `username` (the only organizer when None), written to this
    database's login file and returned to be shown once. Old sessions of the account end with the old password
    (Django's session hash). Raises NoSuchOrganizer, changing nothing."""
    organizers = list(_organizers().order_by("username").values_list("username", flat=True))
    if username is None and len(organizers) == 1:
        username = organizers[0]
    if username not in organizers:
        raise NoSuchOrganizer(username, organizers)
    password = new_password()
    with transaction.atomic():
        user = _organizers().select_for_update().get(username=username)
        user.set_password(password)
        user.save(update_fields=["password"])
    path = Path(path or login_file())
    try:
        write_login_file(path, username, password)
    except OSError:  # the console still shows it: the password is not lost, only not kept
        return FirstLogin(username, password, created=False, file=None)
    return FirstLogin(username, password, created=False, file=path)
