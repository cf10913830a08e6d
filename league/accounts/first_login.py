"""The league's first organizer account: made on a fresh database with a generated password, told once.

`manage.py venue` and `manage.py setup_demo` call `ensure_first_organizer` before they print anything: on a
database where nobody can log in as an organizer yet it makes the account `organizer` with a password of
twelve easily typed characters, writes both to the login file (settings.ORGANIZER_LOGIN_FILE, readable by
its owner only; git ignores it) and returns them, so the console shows them once. Later starts find an
organizer and change nothing; they point to the file while its password still logs in.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

USERNAME = "organizer"
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


def ensure_first_organizer(login_file: Path | None = None) -> FirstLogin:
    """The first organizer account when there is none yet (written to the login file); else the one there is."""
    path = Path(login_file or settings.ORGANIZER_LOGIN_FILE)
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
