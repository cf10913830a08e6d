"""The form that corrects one place."""

from django import forms
from django.utils.translation import gettext_lazy as _

from league.rules.inputs import MAX_PLACE
from league.web.fields import WholeNumberField


class PlacementCorrectionForm(forms.Form):
    place = WholeNumberField(label=_("Place"), min_value=1, max_value=MAX_PLACE)
    reason = forms.CharField(label=_("Reason"), max_length=200)
