"""Forms of the results' organizer pages: the season payout, changing the points scheme, merging two player records."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from league.cashbook.forms import money_field
from league.models import PaymentMethod, Player, PointsScheme, validate_points_list
from league.rules import formula as points_formula
from league.rules.errors import RulesError
from league.seasons.forms import knockout_points_field
from league.web.fields import RecordChoiceField, WholeNumberField
from league.web.rule_errors import rules_message


class PayoutForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Winner"), coerce=int, choices=())
    amount = money_field(_("Amount paid"), positive=True)
    method = forms.ChoiceField(
        label=_("Paid by"), choices=PaymentMethod.choices, initial=PaymentMethod.CASH, widget=forms.RadioSelect
    )
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
    # No max_length: a formula that is too long is refused by the rules, with its length in the message.
    points_formula = forms.CharField(
        label=gettext_lazy("Formula"),
        required=False,
        strip=True,
        help_text=gettext_lazy("Used by the “own formula” scheme."),
        widget=forms.TextInput(
            attrs={"autocapitalize": "off", "autocorrect": "off", "spellcheck": "false", "autocomplete": "off"}
        ),
    )
    best_nights = WholeNumberField(
        label=gettext_lazy("Nights that count"),
        required=False,
        min_value=0,
        max_value=1000,
        localize=False,
        help_text=gettext_lazy("Only each player's best N nights count; 0: every night."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    knockout_points = knockout_points_field()
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)
    confirm = forms.BooleanField(
        label=gettext_lazy("Yes, recompute the points of every night of this season"), required=False
    )

    def clean_points_formula(self):
        text = self.cleaned_data["points_formula"]
        if text:
            if len(text) > points_formula.MAX_LENGTH:  # before anything reads it
                raise forms.ValidationError(
                    rules_message(RulesError("formula_too_long", limit=points_formula.MAX_LENGTH, length=len(text)))
                )
        return text

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("points_scheme") == PointsScheme.FORMULA
            and not cleaned.get("points_formula")
            and "points_formula" not in self.errors
        ):
            self.add_error("points_formula", _("The “own formula” scheme needs its formula."))
        return cleaned


CHOICE_ERRORS = {"invalid_choice": _("That player no longer exists."), "required": _("Choose both records.")}


class MergeForm(forms.Form):
    """Two records of one player and which of them stays (the other one's rows move to it and it is deleted)."""

    first = RecordChoiceField(queryset=Player.objects.all(), error_messages=CHOICE_ERRORS)
    second = RecordChoiceField(queryset=Player.objects.all(), error_messages=CHOICE_ERRORS)
    keep = forms.ChoiceField(
        label=_("Keep"),
        choices=[("first", "first"), ("second", "second")],
        error_messages={"required": _("Choose the record to keep."), "invalid_choice": _("Choose the record to keep.")},
    )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        kept = cleaned["keep"]
        cleaned["keep"], cleaned["remove"] = (
            (cleaned["first"], cleaned["second"]) if kept == "first" else (cleaned["second"], cleaned["first"])
        )
        return cleaned
