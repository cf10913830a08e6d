"""Form fields shared by every app."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils import numberformat
from django.utils.formats import get_format
from django.utils.translation import gettext_lazy as _

from league.rules.inputs import has_foreign_digits, is_ascii_whole, is_plain_decimal

MAX_NUMBER_CHARS = 30


def refuse_foreign_number_text(value):
    """Python reads "١٢" as 12 and chokes on "²"; a league number is typed with 0-9, and short."""
    if isinstance(value, str) and (has_foreign_digits(value) or "\x00" in value or len(value) > MAX_NUMBER_CHARS):
        raise ValidationError(_("Type the number with the digits 0–9."), code="invalid")


class WholeNumberField(forms.IntegerField):
    """A whole number typed with 0-9, within bounds (a default ceiling of a million if none is given)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_value", 1_000_000)
        super().__init__(**kwargs)

    def to_python(self, value):
        refuse_foreign_number_text(value)
        if (
            isinstance(value, str)
            and (text := value.strip())
            and not is_ascii_whole(text.removeprefix("-"), max_digits=MAX_NUMBER_CHARS)
        ):
            # int() would also take "1_000", "+5" and "12.0".
            raise ValidationError(_("Type the number with the digits 0–9."), code="invalid")
        return super().to_python(value)


class DecimalTextField(forms.DecimalField):
    """A decimal typed as people write it: ``10``, ``10,50`` or ``10.50`` in German, ``10.50`` in English.

    A text field with the decimal keypad, not ``<input type=number>``: a
    browser throws a German ``10,50`` away there, and Chromium turns a typed
    ``12,50`` into ``1250``. Reading the comma is this field's job, so a value
    it fills in is written the language's way too (``10,00`` in German, never
    grouped: ``1500,00``), as the organizer would type it.
    """

    default_error_messages = {"invalid": _("Type the amount as a plain number, such as 10 or 10,50.")}

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": "8"}))
        kwargs["localize"] = False
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, (Decimal, int)) and not isinstance(value, bool):
            return numberformat.format(
                value, get_format("DECIMAL_SEPARATOR"), decimal_pos=self.decimal_places, grouping=0
            )
        return value

    def to_python(self, value):
        refuse_foreign_number_text(value)
        if isinstance(value, str):
            value = value.strip()
            if get_format("DECIMAL_SEPARATOR") == "," and "," in value:
                # German: a comma is the decimal mark; dots beside it group thousands.
                value = value.replace(".", "").replace(",", ".") if "." in value else value.replace(",", ".")
            if value and not is_plain_decimal(value, max_chars=MAX_NUMBER_CHARS):
                # Decimal() would read "1e3" as 1000, and "1_000" too.
                raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class FeeField(DecimalTextField):
    """Money taken at the desk: never negative, to the cent."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Fee"))
        kwargs.setdefault("max_digits", 8)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("min_value", Decimal("0"))
        kwargs.setdefault("error_messages", {"min_value": _("The fee cannot be negative.")})
        super().__init__(**kwargs)


class RecordChoiceField(forms.ModelChoiceField):
    """A choice of a row by its id, typed with 0-9 only (the id's field would read "١٢" as 12)."""

    def to_python(self, value):
        if isinstance(value, str) and value.strip() and not is_ascii_whole(value.strip()):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)
