"""Where the site goes: a folder (online.publish.folder) or a folder on an SFTP server (online.publish.sftp).

A destination takes the files of a run in steps that online.publish.sync drives: `begin`, `write` each file so
that no visitor sees it yet, `show` them in an order that never breaks a link, `remove` what is gone, `finish`.
A folder builds the new site beside the old one and switches at `finish`; an SFTP server (and a folder that
cannot be built beside) gets each file under a temporary name and renames it at `show`. Both take only the
site's own names and never write through a symbolic link (online.publish.sitefiles).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.utils.translation import gettext as _

from online.publish.folder import Folder
from online.publish.sftp import Sftp
from online.publish.sitefiles import DestinationError

__all__ = ["DestinationError", "Folder", "Sftp", "open_destination"]


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
