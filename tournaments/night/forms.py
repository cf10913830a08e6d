from django import forms
from django.utils.translation import gettext_lazy as _

from league.web.fields import WholeNumberField
from league.desk.forms import FeeField
from league.rules.inputs import MAX_PLACE
from league.models import Player


class LateEntryForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.all(),
        error_messages={"required": _("Choose the player who arrived late."), "invalid_choice": _("That player no longer exists.")},
    )
    amount = FeeField()


class PlacementCorrectionForm(forms.Form):
    place = WholeNumberField(label=_("Place"), min_value=1, max_value=MAX_PLACE)
    reason = forms.CharField(label=_("Reason"), max_length=200)
