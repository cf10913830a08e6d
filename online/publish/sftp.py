"""Publishing to a folder on an SFTP server (paramiko).

The address is written as scp and rclone users write it: `sftp://liga@web.example.org/www` is the folder
`www` in the login's home (so is `…/~/www`), `sftp://liga@web.example.org//srv/www` (two slashes) the absolute
`/srv/www`. Publish creates the last folder of the path, never the ones above it: an address meant as absolute
but read from the home (`/home/liga/www`) ends in a message that says where it looked, not in a site in the
wrong place.

SFTP cannot switch a folder, so each new or changed file is sent under a temporary name (nothing links to it,
no visitor sees it) and, once every file is there, renamed into its place (OpenSSH's posix-rename: a visitor
gets the old file or the new one): the new files first, then the changed pages that link them. While the files
are sent the old site stays whole; the renames at the end take about one round trip each.

The server's host key is checked against the known hosts (`PUBLISH_KNOWN_HOSTS`, default
`~/.ssh/known_hosts`) and an unknown or changed key refuses the connection; the key file (`PUBLISH_SSH_KEY`)
or the password (`PUBLISH_SSH_PASSWORD`, also a key's passphrase) come from the environment, never from the
address.
"""

from __future__ import annotations

import os
import posixpath
import socket
import stat
from urllib.parse import unquote, urlsplit

from django.utils.translation import gettext as _

from online.publish.sitefiles import (
    FILE_MODE,
    FOLDER_MODE,
    TEMPORARY_SUFFIX,
    DestinationError,
    checked_name,
    symbolic_link_error,
)


def remote_folder(path: str) -> str:
    """The folder an address's path names, as the server takes it: relative to the login's home unless it
    starts with two slashes ('' and '/' and '/~' are the home itself)."""
    if path.startswith("//"):
        return "/" + path.lstrip("/")
    relative = path.lstrip("/")
    if relative == "~" or relative.startswith("~/"):
        relative = relative[1:].lstrip("/")
    return posixpath.normpath(relative) if relative else "."


class Sftp:
    staged = True

    def __init__(self, address: str, environ: os._Environ | dict = os.environ):
        import paramiko

        parts = urlsplit(address)
        if not parts.hostname or not parts.username:
            raise DestinationError(_("An SFTP destination looks like sftp://user@host:22/path/to/site."))
        self.host = parts.hostname
        self.root = remote_folder(unquote(parts.path))
        self.description = (
            f"sftp://{parts.username}@{parts.hostname}:{parts.port or 22}/{'' if self.root == '.' else self.root}"
        )
        known_hosts = environ.get("PUBLISH_KNOWN_HOSTS") or os.path.expanduser("~/.ssh/known_hosts")
        key_file = environ.get("PUBLISH_SSH_KEY") or None
        password = environ.get("PUBLISH_SSH_PASSWORD") or None
        self.client = paramiko.SSHClient()
        try:
            self.client.load_host_keys(known_hosts)
        except OSError:
            raise DestinationError(
                _("The known hosts file %(path)s cannot be read: the server's key must be in it.")
                % {"path": known_hosts}
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
                _("The server %(host)s shows another host key than the known hosts file has: not sent.")
                % {"host": parts.hostname}
            ) from None
        except paramiko.SSHException as error:
            self.client.close()
            if "not found in known_hosts" in str(error):
                raise DestinationError(
                    _("The server %(host)s is not in the known hosts file %(path)s: not sent.")
                    % {"host": parts.hostname, "path": known_hosts}
                ) from None
            raise DestinationError(
                _("SFTP to %(host)s failed: %(error)s") % {"host": parts.hostname, "error": error}
            ) from None
        except (TimeoutError, OSError) as error:
            self.client.close()
            raise DestinationError(
                _("%(host)s cannot be reached: %(error)s")
                % {"host": parts.hostname, "error": getattr(error, "strerror", None) or error}
            ) from None
        self.folders: set[str] = set()
        try:
            self._open_root()
        except BaseException:
            self.client.close()
            raise

    # -- the server's answers ------------------------------------------------------------------------------

    def _where(self, path: str) -> str:
        """`path` as the organizer can find it: absolute, from the server's own home folder."""
        if path.startswith("/"):
            return path
        try:
            return posixpath.normpath(posixpath.join(self.sftp.normalize("."), path))
        except (OSError, EOFError):
            return path

    def _call(self, operation, path: str, *args, missing_ok: bool = False):
        """The server's refusal as a sentence: permission denied, not a folder, a connection lost."""
        import paramiko

        try:
            return operation(path, *args)
        except FileNotFoundError:
            if missing_ok:
                return None
            raise DestinationError(
                _("%(path)s does not exist on %(host)s.") % {"path": self._where(path), "host": self.host}
            ) from None
        except PermissionError:
            raise DestinationError(
                _("The server %(host)s refuses %(path)s: permission denied.")
                % {"host": self.host, "path": self._where(path)}
            ) from None
        except (OSError, paramiko.SSHException, EOFError) as error:
            if (
                isinstance(error, OSError)
                and not isinstance(error, (socket.timeout, ConnectionError))
                and error.errno is None
            ):
                # paramiko's IOError for a refusal without a code ("Failure"): e.g. a file where a folder is wanted.
                raise DestinationError(
                    _("The server %(host)s refuses %(path)s: %(error)s")
                    % {"host": self.host, "path": self._where(path), "error": error}
                ) from None
            raise DestinationError(
                _("The connection to %(host)s was lost: %(error)s") % {"host": self.host, "error": error}
            ) from None

    def _open_root(self) -> None:
        try:
            attributes = self.sftp.stat(self.root)  # follows a link the folder itself is (a web space's www)
        except FileNotFoundError:
            parent = posixpath.dirname(self.root) or ("/" if self.root.startswith("/") else ".")
            parent_attributes = self._call(self.sftp.stat, parent, missing_ok=True)
            if parent_attributes is None:
                raise DestinationError(
                    _(
                        "The folder %(folder)s does not exist on %(host)s. A path after the host is taken from the login's "
                        "home folder; an absolute path is written with two slashes: sftp://user@host//srv/www."
                    )
                    % {"folder": self._where(parent), "host": self.host}
                ) from None
            if not stat.S_ISDIR(parent_attributes.st_mode or 0):
                raise DestinationError(
                    _("%(path)s on %(host)s is a file, not a folder.")
                    % {"path": self._where(parent), "host": self.host}
                ) from None
            self._call(self.sftp.mkdir, self.root, FOLDER_MODE)
            return
        except PermissionError:
            self._call(self.sftp.stat, self.root)  # says it in words
        if not stat.S_ISDIR(attributes.st_mode or 0):
            raise DestinationError(
                _("%(path)s on %(host)s is a file, not a folder.") % {"path": self._where(self.root), "host": self.host}
            )

    def _path(self, name: str, *, create: bool = False) -> str | None:
        """The file `name` under the site's folder; None when a folder on the way is missing (and not `create`).
        Refuses a symbolic link on the way: the file would land outside the site."""
        parts = checked_name(name).split("/")
        folder = self.root
        for part in parts[:-1]:
            folder = posixpath.join(folder, part)
            if folder in self.folders:
                continue
            attributes = self._call(self.sftp.lstat, folder, missing_ok=True)
            if attributes is None:
                if not create:
                    return None
                self._call(self.sftp.mkdir, folder, FOLDER_MODE)
            elif stat.S_ISLNK(attributes.st_mode or 0):
                raise symbolic_link_error(self._where(folder))
            elif not stat.S_ISDIR(attributes.st_mode or 0):
                raise DestinationError(
                    _("%(path)s on %(host)s is a file, not a folder.")
                    % {"path": self._where(folder), "host": self.host}
                )
            self.folders.add(folder)
        return posixpath.join(folder, parts[-1])

    # -- the steps ------------------------------------------------------------------------------------------

    def read(self, name: str) -> bytes | None:
        path = self._path(name)
        if path is None:
            return None
        attributes = self._call(self.sftp.lstat, path, missing_ok=True)
        if attributes is None:
            return None
        if stat.S_ISLNK(attributes.st_mode or 0):
            raise symbolic_link_error(self._where(path))

        def content(path):
            with self.sftp.open(path, "rb") as handle:
                return handle.read()

        return self._call(content, path)

    def begin(self) -> None:
        pass

    def write(self, name: str, data: bytes) -> None:
        temporary = self._path(name, create=True) + TEMPORARY_SUFFIX

        def send(path):
            # Created new (exclusive): a file or a link someone left under the temporary name (a killed run's,
            # or planted) is removed and the file created again, never written through.
            try:
                handle = self.sftp.open(path, "wbx")
            except (FileNotFoundError, PermissionError):
                raise
            except OSError:
                self.sftp.remove(path)
                handle = self.sftp.open(path, "wbx")
            with handle:
                handle.set_pipelined(True)
                handle.write(data)
            self.sftp.chmod(path, FILE_MODE)

        self._call(send, temporary)

    def show(self, name: str) -> None:
        """Rename the file sent under its temporary name into its place (FileNotFoundError when it is not there)."""
        path = self._path(name, create=True)
        try:
            self.sftp.posix_rename(path + TEMPORARY_SUFFIX, path)
        except FileNotFoundError:
            raise
        except PermissionError:
            self._call(self.sftp.posix_rename, path + TEMPORARY_SUFFIX, path)
        except OSError:
            # A server without OpenSSH's posix-rename: the old file goes, the new one takes its name.
            self._call(self.sftp.remove, path, missing_ok=True)
            self._call(self.sftp.rename, path + TEMPORARY_SUFFIX, path)

    def discard(self, name: str) -> None:
        path = self._path(name)
        if path is not None:
            self._call(self.sftp.remove, path + TEMPORARY_SUFFIX, missing_ok=True)

    def remove(self, name: str) -> None:
        path = self._path(name)
        if path is None:
            return
        attributes = self._call(self.sftp.lstat, path, missing_ok=True)
        if attributes is None or stat.S_ISDIR(attributes.st_mode or 0):
            return  # gone already, or a folder where the manifest had a file: not publish's to remove
        self._call(self.sftp.remove, path, missing_ok=True)

    def finish(self) -> None:
        pass

    def close(self) -> None:
        self.client.close()
