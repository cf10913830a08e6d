"""The one-time tokens of applied forms (league/once.py): a re-post, a double click or a second desk is refused."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["FormSubmission"]


class FormSubmission(models.Model):
    """A form that creates a player, money or results was applied: its one-time token (league.once).

    The unique token is what refuses a re-post, a double click or a second desk sending the same form.
    """

    token = models.CharField(max_length=64, unique=True)
    applied_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("applied form")

    def __str__(self) -> str:
        return self.token
