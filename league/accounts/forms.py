"""The form that adds an organizer."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from league.models import Venue
from league.venues.context import several_venues
from league.venues.forms import LEAGUE, ROLES, BoundedChoicesField, ChosenRole


class OrganizerCreationForm(ChosenRole, UserCreationForm):
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
        if not several_venues():
            del self.fields["role"], self.fields["venues"]
