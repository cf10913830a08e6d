"""Forms of the results' organizer pages: the season payout, and changing the points scheme."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from league.cashbook.forms import money_field
from league.models import PaymentMethod, PointsScheme, validate_points_list


class PayoutForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Winner"), coerce=int, choices=())
    amount = money_field(_("Amount paid"), positive=True)
    method = forms.ChoiceField(label=_("Paid by"), choices=PaymentMethod.choices, initial=PaymentMethod.CASH, widget=forms.RadioSelect)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)
    season_over = forms.BooleanField(label=_("The season is over: no more nights will be played."), required=False)

    def __init__(self, *args, choices: list[tuple[int, str]], season_running: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = choices
        if not season_running:  # after the season's last day there is nothing to confirm
            del self.fields["season_over"]


class PointsSchemeForm(forms.Form):
    points_scheme = forms.ChoiceField(label=gettext_lazy("Points scheme"), choices=PointsScheme.choices)
    fixed_points = forms.CharField(
        label=gettext_lazy("Fixed points"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Points for 1st, 2nd, ... place, separated by commas (used by the “fixed” scheme)."),
        validators=[validate_points_list],
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)
    confirm = forms.BooleanField(
        label=gettext_lazy("Yes, recompute the points of every night of this season"), required=False
    )
