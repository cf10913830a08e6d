"""Form fields shared by every app."""
from __future__ import annotations

from django import forms
from django.utils.formats import get_format


class DecimalTextField(forms.DecimalField):
    """A decimal typed as people write it: ``10``, ``10,50`` or ``10.50`` in German, ``10.50`` in English.

    Rendered unlocalized (``10.50``) in a text field with the decimal keypad,
    not ``<input type=number>``: a browser throws a German ``10,50`` away
    there, and Chromium turns a typed ``12,50`` into ``1250``. Reading the
    comma is this field's job.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": "8"}))
        kwargs["localize"] = False
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip()
            if get_format("DECIMAL_SEPARATOR") == "," and "," in value:
                # German: a comma is the decimal mark; dots beside it group thousands.
                value = value.replace(".", "").replace(",", ".") if "." in value else value.replace(",", ".")
        return super().to_python(value)
