"""Forms of the clock's control page: the breaks, and what the TV shows."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from league.web.fields import WholeNumberField
from tournaments.models import TvScreen


class BreakForm(forms.Form):
    every_levels = WholeNumberField(
        label=gettext_lazy("Break after every … levels"), min_value=0, max_value=20, help_text=gettext_lazy("0: no breaks.")
    )
    minutes = WholeNumberField(label=gettext_lazy("Minutes per break"), min_value=1, max_value=120)


class TvForm(forms.Form):
    screen = forms.ChoiceField(label=gettext_lazy("The TV shows"), choices=TvScreen.choices, widget=forms.RadioSelect)
    announcement = forms.CharField(
        label=gettext_lazy("Announcement line"), max_length=140, required=False,
        help_text=gettext_lazy("Shown at the foot of every TV screen; empty: none."),
    )
    spoken = forms.BooleanField(label=gettext_lazy("Spoken announcements (level changes, the announcement)"), required=False)
