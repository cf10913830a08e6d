"""The form that adds an organizer."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class OrganizerCreationForm(UserCreationForm):
    """Username and the password twice, checked by Django's password validators."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)
