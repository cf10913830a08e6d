"""The site's files at a destination: which names are the site's, the modes its files get, and the error a
destination raises in the organizer's words.

Only the site's own names are written or removed: a name read from the destination (its manifest) could
otherwise make publish write or delete a file outside the site (`../victim.txt`, `/home/league/db.sqlite3`).
And no destination writes through a symbolic link inside it: the folder the organizer names is the site, and
nothing under it may lead elsewhere.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

TEMPORARY_SUFFIX = ".publishing"
MANIFEST = ".publish-manifest.json"
# The site is public: readable by the web server whatever the publishing user's umask (a service's is 0077).
FILE_MODE, FOLDER_MODE = 0o644, 0o755


class DestinationError(Exception):
    """The destination cannot be reached or written; the message says why in the organizer's words."""


def is_site_name(name: object) -> bool:
    """A file of the site: a relative name below the destination's folder, never `..`, `.`, an empty part,
    a leading `/`, a backslash or a NUL, and not a file publish keeps for itself (a temporary, the manifest)."""
    if not isinstance(name, str) or not 0 < len(name) <= 1000 or "\x00" in name or "\\" in name:
        return False
    if name.startswith("/") or name == MANIFEST or name.endswith(TEMPORARY_SUFFIX):
        return False
    return all(part not in {"", ".", ".."} for part in name.split("/"))


def checked_name(name: str) -> str:
    """`name` when publish may write it (a site name or the manifest); a DestinationError otherwise."""
    if name != MANIFEST and not is_site_name(name):
        raise DestinationError(
            _("%(name)s is not a file of the site: nothing written or removed.") % {"name": repr(name)}
        )
    return name


def symbolic_link_error(path: str) -> DestinationError:
    return DestinationError(
        _(
            "%(path)s in the destination is a symbolic link: publishing does not write through it. Remove the link, then publish again."
        )
        % {"path": path}
    )
