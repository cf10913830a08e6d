"""The errors of backup and restore."""


class BackupError(Exception):
    """The file cannot be written or restored here; the message says why, in the organizer's words."""


class UnverifiedBackup(BackupError):
    """The file's signature is missing or does not match: refused unless the organizer accepts it knowingly."""
