from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms import FeeField
from league.models import Player


class LateEntryForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.all(),
        error_messages={"required": _("Choose the player who arrived late."), "invalid_choice": _("That player no longer exists.")},
    )
    amount = FeeField()


class PlacementCorrectionForm(forms.Form):
    place = forms.IntegerField(label=_("Place"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=200)
