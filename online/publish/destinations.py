"""Where the site goes: a folder, or a folder on an SFTP server (paramiko).

Each file is written under a temporary name and then renamed over the old one, so a visitor gets the old
file or the new one, never half of one. Over SFTP the server's host key is checked against the known hosts
(`PUBLISH_KNOWN_HOSTS`, default `~/.ssh/known_hosts`) and an unknown or changed key refuses the connection;
the key file (`PUBLISH_SSH_KEY`) or the password (`PUBLISH_SSH_PASSWORD`, also a key's passphrase) come from
the environment, never from the address.
"""
from __future__ import annotations

import os
import posixpath
import socket
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.utils.translation import gettext as _

TEMPORARY_SUFFIX = ".publishing"
# The site is public: readable by the web server whatever the publishing user's umask (a service's is 0077).
FILE_MODE, FOLDER_MODE = 0o644, 0o755


class DestinationError(Exception):
    """The destination cannot be reached or written; the message says why in the organizer's words."""


class Folder:
    def __init__(self, root: str):
        self.root = Path(root).expanduser()
        self.description = str(self.root)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DestinationError(_("The folder %(path)s cannot be created: %(error)s") % {"path": root, "error": error.strerror}) from None

    def read(self, name: str) -> bytes | None:
        try:
            return (self.root / name).read_bytes()
        except FileNotFoundError:
            return None

    def write(self, name: str, data: bytes) -> None:
        path = self.root / name
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
            for folder in [path.parent, *path.parent.parents]:
                if folder == self.root or not folder.is_relative_to(self.root):
                    break
                folder.chmod(FOLDER_MODE)
        temporary = path.with_name(path.name + TEMPORARY_SUFFIX)
        temporary.write_bytes(data)
        temporary.chmod(FILE_MODE)
        os.replace(temporary, path)

    def remove(self, name: str) -> None:
        path = self.root / name
        path.unlink(missing_ok=True)
        for parent in path.parents:
            if parent == self.root or not parent.is_relative_to(self.root):
                break
            try:
                parent.rmdir()  # only when empty
            except OSError:
                break

    def close(self) -> None:
        pass


class Sftp:
    def __init__(self, address: str, environ: os._Environ | dict = os.environ):
        import paramiko

        parts = urlsplit(address)
        if not parts.hostname or not parts.username:
            raise DestinationError(_("An SFTP destination looks like sftp://user@host:22/path/to/site."))
        self.root = unquote(parts.path) or "."
        self.description = f"sftp://{parts.username}@{parts.hostname}:{parts.port or 22}{self.root}"
        known_hosts = environ.get("PUBLISH_KNOWN_HOSTS") or os.path.expanduser("~/.ssh/known_hosts")
        key_file = environ.get("PUBLISH_SSH_KEY") or None
        password = environ.get("PUBLISH_SSH_PASSWORD") or None
        self.client = paramiko.SSHClient()
        try:
            self.client.load_host_keys(known_hosts)
        except OSError:
            raise DestinationError(
                _("The known hosts file %(path)s cannot be read: the server's key must be in it.") % {"path": known_hosts}
            ) from None
        self.client.set_missing_host_key_policy(paramiko.RejectPolicy())
        try:
            self.client.connect(
                parts.hostname,
                port=parts.port or 22,
                username=unquote(parts.username),
                key_filename=key_file,
                password=password,
                passphrase=password if key_file else None,
                allow_agent=not (key_file or password),
                look_for_keys=not (key_file or password),
                timeout=15,
                banner_timeout=15,
                auth_timeout=15,
            )
            self.sftp = self.client.open_sftp()
        except paramiko.BadHostKeyException:
            self.client.close()
            raise DestinationError(
                _("The server %(host)s shows another host key than the known hosts file has: not sent.") % {"host": parts.hostname}
            ) from None
        except paramiko.SSHException as error:
            self.client.close()
            if "not found in known_hosts" in str(error):
                raise DestinationError(
                    _("The server %(host)s is not in the known hosts file %(path)s: not sent.") % {"host": parts.hostname, "path": known_hosts}
                ) from None
            raise DestinationError(_("SFTP to %(host)s failed: %(error)s") % {"host": parts.hostname, "error": error}) from None
        except (OSError, socket.timeout) as error:
            self.client.close()
            raise DestinationError(
                _("%(host)s cannot be reached: %(error)s") % {"host": parts.hostname, "error": getattr(error, "strerror", None) or error}
            ) from None
        self.folders: set[str] = set()
        self._make_folder(self.root)

    def _path(self, name: str) -> str:
        return posixpath.join(self.root, name)

    def _make_folder(self, folder: str) -> None:
        if folder in self.folders or folder in {"", "/", "."}:
            return
        try:
            self.sftp.stat(folder)
        except FileNotFoundError:
            self._make_folder(posixpath.dirname(folder))
            self.sftp.mkdir(folder, FOLDER_MODE)
        self.folders.add(folder)

    def read(self, name: str) -> bytes | None:
        try:
            with self.sftp.open(self._path(name), "rb") as handle:
                return handle.read()
        except FileNotFoundError:
            return None

    def write(self, name: str, data: bytes) -> None:
        path = self._path(name)
        self._make_folder(posixpath.dirname(path))
        temporary = path + TEMPORARY_SUFFIX
        with self.sftp.open(temporary, "wb") as handle:
            handle.set_pipelined(True)
            handle.write(data)
        self.sftp.chmod(temporary, FILE_MODE)
        self.sftp.posix_rename(temporary, path)

    def remove(self, name: str) -> None:
        try:
            self.sftp.remove(self._path(name))
        except FileNotFoundError:
            pass

    def close(self) -> None:
        self.client.close()


def open_destination(address: str):
    """A Folder for a path, an Sftp for sftp://...; DestinationError when it cannot be used."""
    if not address:
        raise DestinationError(_("No destination: give --to, or set PUBLISH_TO."))
    scheme = urlsplit(address).scheme
    if scheme == "sftp":
        return Sftp(address)
    if scheme and len(scheme) > 1:
        raise DestinationError(_("Publishing goes to a folder or to sftp://…, not to %(scheme)s.") % {"scheme": scheme})
    return Folder(address)
