"""Logging helpers the settings name."""

from __future__ import annotations

import logging


class WithoutTraceback(logging.Filter):
    """Keeps the message, drops the traceback: for events that are expected and explained by their message."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
