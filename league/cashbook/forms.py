"""Forms of the cash book: every amount is a `FeeField` (``10``, ``10,00`` or ``10.00`` in German).

The amount boxes are text boxes with a decimal keypad (``inputmode="decimal"``),
not ``type=number``: a number box parses what is typed with the *browser's*
locale, and a Chromium running in English turned a typed ``12,50`` into
``1250`` before the server saw it (tests/browser/league/test_cashbook.py). As text,
the server reads exactly what was typed, with `FeeField`'s German rules.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from league.cashbook.book import DENOMINATIONS
from league.models import CashBox, Night, Season
from league.web.fields import FeeField, RecordChoiceField, WholeNumberField


def money_field(label, *, required: bool = True, positive: bool = False) -> FeeField:
    minimum = Decimal("0.01") if positive else Decimal("0")
    return FeeField(
        label=label,
        required=required,
        min_value=minimum,
        error_messages={
            "min_value": _("The amount must be more than zero.") if positive else _("The amount cannot be negative."),
            "invalid": _("Enter an amount such as 12,50."),
            "max_decimal_places": _("Enter the amount in euros and cents."),
            "required": _("Enter the amount."),
        },
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "spellcheck": "false"}),
    )


def denomination_key(value: Decimal) -> str:
    return format(value, "f")


def denomination_field_name(value: Decimal) -> str:
    return "d_" + denomination_key(value).replace(".", "_")


class NightChoiceField(RecordChoiceField):
    """A night by its date as the reader's language writes it (04.12.2026, not the model's ISO 2026-12-04)."""

    def __init__(self, *args, with_season: bool = False, **kwargs):
        self.with_season = with_season
        super().__init__(*args, **kwargs)

    def label_from_instance(self, obj: Night) -> str:
        date = formats.date_format(obj.date, "SHORT_DATE_FORMAT")
        return f"{obj.season.name} – {date}" if self.with_season else date


class CashLineForm(forms.Form):
    DIRECTIONS = [("out", _("Expense (money out)")), ("in", _("Receipt (money in)"))]

    direction = forms.ChoiceField(label=_("Money"), choices=DIRECTIONS, widget=forms.RadioSelect, initial="out")
    amount = money_field(_("Amount"), positive=True)
    box = forms.ChoiceField(label=_("Cash box"), choices=CashBox.choices, initial=CashBox.ORGANIZER)
    night = NightChoiceField(
        label=_("Night"), queryset=Night.objects.none(), required=False, empty_label=_("— no night —")
    )
    reason = forms.CharField(
        label=_("Reason"), max_length=200, help_text=_("For example: deck of cards bought; float put in the box.")
    )

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["night"].queryset = season.nights.order_by("-date")

    def signed_amount(self) -> Decimal:
        amount = self.cleaned_data["amount"]
        return -amount if self.cleaned_data["direction"] == "out" else amount


class ReverseLineForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the reversal"), max_length=200)


class ReopenCountForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for reopening the count"),
        max_length=200,
        help_text=_("Kept with the count: who reopened it, when and why."),
    )


class CloseCashForm(forms.Form):
    counted = money_field(_("Counted total"), required=False)
    reason = forms.CharField(
        label=_("Reason for a difference"),
        max_length=200,
        required=False,
        help_text=_("Needed only when the count differs from the expected amount."),
    )
    witness = forms.CharField(label=_("Witness"), max_length=120, required=False, help_text=_("Who counted with you."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for value in DENOMINATIONS:
            self.fields[denomination_field_name(value)] = WholeNumberField(
                label=denomination_key(value),
                required=False,
                min_value=0,
                max_value=100000,
                error_messages={"min_value": _("Count 0 or more."), "invalid": _("Enter a whole number.")},
                widget=forms.NumberInput(
                    # data-denomination: league.js adds the notes and coins up as they are typed
                    attrs={
                        "min": "0",
                        "step": "1",
                        "inputmode": "numeric",
                        "class": "count",
                        "data-denomination": format(value, "f"),
                    }
                ),
            )

    def denomination_sum(self) -> Decimal:
        """The notes and coins typed so far (what the page shows before any script adds them up)."""
        total = Decimal(0)
        for value in DENOMINATIONS:
            raw = str(self[denomination_field_name(value)].value() or "").strip()
            total += value * int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 0
        return total

    def denomination_fields(self):
        return [(value, self[denomination_field_name(value)]) for value in DENOMINATIONS]

    def denominations(self) -> dict[str, int]:
        return {
            denomination_key(value): self.cleaned_data[denomination_field_name(value)]
            for value in DENOMINATIONS
            if self.cleaned_data.get(denomination_field_name(value))
        }


class CashBookFilterForm(forms.Form):
    season = RecordChoiceField(
        label=_("Season"), queryset=Season.objects.order_by("-start_date"), required=False, empty_label=_("All seasons")
    )
    night = NightChoiceField(
        label=_("Night"),
        queryset=Night.objects.select_related("season").order_by("-date"),
        required=False,
        empty_label=_("All nights"),
        with_season=True,
    )
    date_from = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    date_to = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    box = forms.ChoiceField(
        label=_("Cash box"), choices=[("", _("Both boxes"))] + list(CashBox.choices), required=False
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("date_from") and cleaned.get("date_to") and cleaned["date_from"] > cleaned["date_to"]:
            self.add_error("date_to", _("The end of the range lies before its start."))
        return cleaned
