"""Publishing into a folder: the new site is built beside the old one and switched in at once.

A web server serving the folder (nginx's `root /var/www/league`) looks its files up on every request, so what
a visitor gets is decided by what the folder's name points to at that moment. A run therefore makes a copy of
the site beside it (`.league.publishing`, hard links: no file is copied, and every file is written under a new
name and renamed, never changed in place, so the live site's files are never touched), writes the new and
changed files into the copy, removes what is gone there, and then exchanges the two folders in one step
(Linux's renameat2 RENAME_EXCHANGE; where the file system cannot, two renames a moment apart). A visitor sees
the old site or the new one; a killed run leaves the old site as it was. The old site stays beside as the
next run's copy: bringing it up to date links only the files that changed (removing and making again a
folder per player took seconds).

Files the organizer put there himself (a `.well-known` folder, a robots.txt) come along in the copy. When the
folder cannot be built beside (its parent is not writable, it is a mount point, the file system has no hard
links, e.g. a FAT USB stick), the files are written under temporary names and renamed one after another,
as over SFTP (online.publish.sftp).
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import stat
from pathlib import Path

from django.utils.translation import gettext as _

from online.publish.sitefiles import (
    FILE_MODE,
    FOLDER_MODE,
    TEMPORARY_SUFFIX,
    DestinationError,
    checked_name,
    symbolic_link_error,
)

RENAME_EXCHANGE, AT_FDCWD = 2, -100


class Folder:
    def __init__(self, root: str):
        self.root = Path(root).expanduser().absolute()
        self.description = str(self.root)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DestinationError(
                _("The folder %(path)s cannot be created: %(error)s") % {"path": root, "error": error.strerror}
            ) from None
        if not self.root.is_dir():
            raise DestinationError(_("%(path)s is a file, not a folder.") % {"path": root})
        # The organizer may have made the folder itself a link (to a disk of its own): the switch happens
        # where it leads, and the link stays.
        self.live = Path(os.path.realpath(self.root))
        self.work = self.live  # where files are written: the copy beside, once `begin` made it
        self.staged = False  # files under temporary names, renamed at `show` (no copy beside)
        self.folders: set[Path] = set()

    # -- names -----------------------------------------------------------------------------------------

    def _path(self, name: str, *, create: bool = False) -> Path | None:
        """The file `name` under the folder being written; None when a folder on its way is missing (and not
        `create`). Refuses a symbolic link on the way: the file would land outside the site."""
        parts = checked_name(name).split("/")
        folder = self.work
        for part in parts[:-1]:
            folder = folder / part
            if folder in self.folders:
                continue
            try:
                mode = os.lstat(folder).st_mode
            except FileNotFoundError:
                if not create:
                    return None
                self._fail_as_destination(os.mkdir, folder, FOLDER_MODE)
                self._fail_as_destination(os.chmod, folder, FOLDER_MODE)
                mode = stat.S_IFDIR
            if stat.S_ISLNK(mode):
                raise symbolic_link_error(str(self.root / folder.relative_to(self.work)))
            if not stat.S_ISDIR(mode):
                raise DestinationError(
                    _("%(path)s is a file, not a folder.") % {"path": self.root / folder.relative_to(self.work)}
                )
            self.folders.add(folder)
        return folder / parts[-1]

    def _fail_as_destination(self, operation, *args):
        try:
            return operation(*args)
        except OSError as error:
            raise DestinationError(
                _("The folder %(path)s cannot be written: %(error)s")
                % {"path": self.root, "error": error.strerror or error}
            ) from None

    # -- the steps ------------------------------------------------------------------------------------------

    def read(self, name: str) -> bytes | None:
        path = self._path(name)
        if path is None:
            return None
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise symbolic_link_error(str(self.root / name)) from None
            raise DestinationError(
                _("%(path)s cannot be read: %(error)s") % {"path": self.root / name, "error": error.strerror}
            ) from None
        with open(descriptor, "rb") as handle:
            return handle.read()

    def begin(self) -> None:
        """Make the copy beside the folder; without it (see the module), write in place under temporary names."""
        aside = self.live.parent / f".{self.live.name}{TEMPORARY_SUFFIX}"
        if os.path.ismount(self.live) or self.live.parent == self.live:
            self.staged = True
            return
        try:
            if aside.is_symlink() or not aside.is_dir():
                _discard(aside)
            _mirror(self.live, aside)  # the last run's old site, or a killed run's copy: brought to the live one
        except OSError:
            _discard(aside, quietly=True)  # e.g. the folder made on a FAT stick before its first hard link failed
            self.staged = True
            return
        self.work, self.folders = aside, set()

    def write(self, name: str, data: bytes) -> None:
        path = self._path(name, create=True)
        temporary = path.with_name(path.name + TEMPORARY_SUFFIX)
        self._fail_as_destination(_write_new_file, temporary, data)
        if not self.staged:
            self._fail_as_destination(os.replace, temporary, path)

    def show(self, name: str) -> None:
        """Put a written file in its place (only under temporary names; FileNotFoundError when it is not there)."""
        if self.staged:
            path = self._path(name, create=True)
            try:
                os.replace(path.with_name(path.name + TEMPORARY_SUFFIX), path)
            except FileNotFoundError:
                raise
            except OSError as error:
                raise DestinationError(
                    _("The folder %(path)s cannot be written: %(error)s") % {"path": self.root, "error": error.strerror}
                ) from None

    def discard(self, name: str) -> None:
        """Remove what a killed run left under a temporary name."""
        path = self._path(name)
        if path is not None:
            _unlink(path.with_name(path.name + TEMPORARY_SUFFIX))

    def remove(self, name: str) -> None:
        path = self._path(name)
        if path is None:
            return
        _unlink(path)
        for parent in path.parents:
            if parent == self.work or not parent.is_relative_to(self.work):
                break
            try:
                parent.rmdir()  # only when empty
                self.folders.discard(parent)
            except OSError:
                break

    def finish(self) -> None:
        """Switch the copy in: from now on every request gets the new site. The old one stays beside, for the
        next run to start from (removing thousands of folders took longer than the rest of a run)."""
        if self.work == self.live:
            return
        aside = self.work
        self._fail_as_destination(_exchange, aside, self.live)
        self.work, self.folders = self.live, set()

    def close(self) -> None:
        pass


def _write_new_file(path: Path, data: bytes) -> None:
    # A file (or a link someone put there) under the temporary name goes first: the new one is created, never
    # opened through a link.
    _unlink(path)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, FILE_MODE)
    with open(descriptor, "wb") as handle:
        os.fchmod(descriptor, FILE_MODE)
        handle.write(data)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except (FileNotFoundError, IsADirectoryError):
        pass  # gone already, or a folder where the manifest had a file: not publish's to remove


def _mirror(source: Path, target: Path) -> None:
    """Make the folder `target` hold what `source` holds: folders made, files hard-linked, links copied as
    links (never followed), what `source` lacks removed (a killed run's temporary files too). A file already
    linked (the same inode) is left alone, so bringing the last run's copy up to date costs only what changed."""
    try:
        present = {entry.name: entry for entry in os.scandir(target)}
    except FileNotFoundError:
        os.mkdir(target, FOLDER_MODE)
        present = {}
    mode = stat.S_IMODE(os.lstat(source).st_mode)
    if stat.S_IMODE(os.lstat(target).st_mode) != mode:
        os.chmod(target, mode)
    with os.scandir(source) as entries:
        for entry in entries:
            if entry.name.endswith(TEMPORARY_SUFFIX):
                continue
            there = present.pop(entry.name, None)
            copy = target / entry.name
            if entry.is_symlink():
                if there is not None and there.is_symlink() and os.readlink(there.path) == os.readlink(entry.path):
                    continue
                _remove_entry(there)
                os.symlink(os.readlink(entry.path), copy)
            elif entry.is_dir(follow_symlinks=False):
                if there is not None and not there.is_dir(follow_symlinks=False):
                    _remove_entry(there)
                _mirror(Path(entry.path), copy)
            else:
                if there is not None and not there.is_symlink() and there.inode() == entry.inode():
                    continue
                _remove_entry(there)
                os.link(entry.path, copy, follow_symlinks=False)
    for leftover in present.values():
        _remove_entry(leftover)


def _remove_entry(entry: os.DirEntry | None) -> None:
    if entry is None:
        return
    if entry.is_dir(follow_symlinks=False):
        shutil.rmtree(entry.path)  # does not follow links
    else:
        os.unlink(entry.path)


def _discard(path: Path, *, quietly: bool = False) -> None:
    try:
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.exists():
            shutil.rmtree(path)  # does not follow links
    except OSError:
        if not quietly:
            raise


def _exchange(new: Path, live: Path) -> None:
    """`live` becomes what `new` was, in one step where the kernel can; `new` then holds the old site."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is not None:
        renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        if renameat2(AT_FDCWD, os.fsencode(new), AT_FDCWD, os.fsencode(live), RENAME_EXCHANGE) == 0:
            return
        code = ctypes.get_errno()
        if code not in {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP}:
            raise OSError(code, os.strerror(code), str(live))
    # No exchange here (macOS, FAT, an old kernel): the folder is missing for the moment between two renames.
    previous = live.with_name(f".{live.name}.previous")
    _discard(previous)
    os.rename(live, previous)
    os.rename(new, live)
    os.rename(previous, new)
