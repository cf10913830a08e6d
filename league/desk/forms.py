"""Forms of the registration desk."""

from __future__ import annotations

import datetime

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from league.models import ADULT_AGE, Night, Player, age_on
from league.web.fields import FeeField, RecordChoiceField


class NewPlayerForm(forms.ModelForm):
    """A new player at the desk; checks the age against the night's date."""

    pay_now = forms.BooleanField(label=_("Fee received now"), required=False, initial=True)
    fee = FeeField(required=False)
    # Shown only after the desk found the name in the league: ticked, the new record is made all the same.
    another_person = forms.BooleanField(label=_("Another person of the same name"), required=False)

    class Meta:
        model = Player
        fields = ["name", "nickname", "contact", "date_of_birth", "id_checked_adult"]
        widgets = {
            "date_of_birth": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "name": forms.TextInput(attrs={"autocomplete": "off"}),
        }

    def __init__(self, *args, night: Night, **kwargs):
        super().__init__(*args, **kwargs)
        self.night = night
        self.fields["fee"].initial = night.season.entry_fee

    def clean_date_of_birth(self) -> datetime.date | None:
        born = self.cleaned_data.get("date_of_birth")
        if born and born > self.night.date:
            raise forms.ValidationError(_("The date of birth lies in the future."))
        if born and age_on(born, self.night.date) < ADULT_AGE:
            raise forms.ValidationError(
                _("Under %(age)s: players must be %(age)s or older on the night (%(date)s).")
                % {"age": ADULT_AGE, "date": formats.date_format(self.night.date, "SHORT_DATE_FORMAT")}
            )
        return born

    def clean(self):
        cleaned = super().clean()
        if (
            not cleaned.get("date_of_birth")
            and not cleaned.get("id_checked_adult")
            and not self.has_error("date_of_birth")
        ):
            self.add_error("date_of_birth", _("Enter a date of birth or tick “ID checked, 18+”."))
        if cleaned.get("pay_now") and cleaned.get("fee") is None and not self.has_error("fee"):
            self.add_error("fee", _("Enter the fee received."))
        return cleaned

    def _post_clean(self):
        # The age rule lives in a model constraint too; skip it here when the form already said why.
        if self.has_error("date_of_birth"):
            return
        super()._post_clean()


class FeeForm(forms.Form):
    amount = FeeField()


class RegisterForm(forms.Form):
    player = RecordChoiceField(
        queryset=Player.objects.all(), error_messages={"invalid_choice": _("That player no longer exists.")}
    )
    pay_now = forms.BooleanField(required=False)
    amount = FeeField(required=False)


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
