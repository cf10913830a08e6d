"""The laptop's joining form: the league server's address, the one-time code, a name for the laptop, and
the confirmation a laptop joined already needs before it joins again."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from online.federation.joining import LABEL_LENGTH


class JoinForm(forms.Form):
    server_url = forms.CharField(
        label=_("League server"),
        max_length=200,
        help_text=_("Its address, like https://liga.example.org."),
        error_messages={"required": _("Enter the league server's address, like https://liga.example.org.")},
    )
    code = forms.CharField(
        label=_("Joining code"),
        max_length=40,
        help_text=_("The 12 characters the league's organizer gave you, like ABCD-EFGH-JKMN."),
        error_messages={"required": _("Enter the joining code the league's organizer made for your venue.")},
    )
    label = forms.CharField(
        label=_("Name of this laptop"),
        max_length=LABEL_LENGTH,
        required=False,
        help_text=_("So the league's organizer tells your laptops apart, like “Laptop at the bar”."),
    )
    replace = forms.BooleanField(label=_("Replace this laptop's link to its league"), required=False)

    def __init__(self, *args, joined: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.joined = joined
        if not joined:
            del self.fields["replace"]

    def clean(self) -> dict:
        data = super().clean()
        if self.joined and not data.get("replace"):
            self.add_error(
                "replace",
                _(
                    "This laptop is joined to a league already. Tick the box to join again: its link and key are replaced."
                ),
            )
        return data
