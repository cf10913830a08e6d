"""Forms of the night's organizer pages: a late entry, a walk-in, paying and seating, finishing the night."""

from django import forms
from django.utils.translation import gettext_lazy as _

from league.desk.forms import NewPlayerForm
from league.models import Player
from league.web.fields import FeeField, RecordChoiceField


class LateEntryForm(forms.Form):
    player = RecordChoiceField(
        label=_("Player"),
        queryset=Player.objects.all(),
        error_messages={
            "required": _("Choose the player who arrived late."),
            "invalid_choice": _("That player no longer exists."),
        },
    )
    amount = FeeField()


class FinishNightForm(forms.Form):
    confirm_unfinished = forms.BooleanField(
        label=_("Yes, finish the night although a table has no winner yet"), required=False
    )


class WalkInForm(NewPlayerForm):
    """A new player after the draw: the desk's rules (age on the night), and the fee is taken at once."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["pay_now"]
        self.fields["fee"].required = True
        self.fields["fee"].error_messages["required"] = _("Enter the fee received.")

    def clean(self):
        self.cleaned_data["pay_now"] = True
        return super().clean()

    def player_fields(self) -> dict:
        return {field: self.cleaned_data[field] for field in NewPlayerForm.Meta.fields}


class PayAndSeatForm(forms.Form):
    amount = FeeField()
