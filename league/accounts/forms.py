"""The form that adds an organizer."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from league.models import Venue
from league.venues.forms import LEAGUE, ROLES, VENUE, BoundedChoicesField


class OrganizerCreationForm(UserCreationForm):
    """Username and the password twice, checked by Django's password validators. In a league of several venues
    also the role: a league organizer, or the organizer of the chosen venues (a league of one pub asks nothing
    new: every organizer runs the league)."""

    role = forms.ChoiceField(label=_("Role"), choices=ROLES, initial=LEAGUE, widget=forms.RadioSelect)
    venues = BoundedChoicesField(
        label=_("Venues"), queryset=Venue.objects.all(), required=False, widget=forms.CheckboxSelectMultiple
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if Venue.objects.all()[:2].count() < 2:
            del self.fields["role"], self.fields["venues"]

    def clean(self):
        data = super().clean()
        if data.get("role") == VENUE and not data.get("venues"):
            self.add_error("venues", _("A venue's organizer needs at least one venue."))
        return data

    def chosen_venues(self) -> list[Venue] | None:
        """The venues he is held to; None: a league organizer."""
        if self.cleaned_data.get("role") != VENUE:
            return None
        return list(self.cleaned_data["venues"])
