"""The venues' forms: a venue's name, address, weekday and organizers; the venue a night moves to; an
organizer's role (the league's, or his venues')."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from league.models import WEEKDAYS, Venue
from league.rules.inputs import ascii_whole_or_none
from league.web.fields import RecordChoiceField


def organizer_accounts():
    """Every organizer account, the league's and the venues', by name."""
    return get_user_model().objects.filter(is_staff=True, is_active=True).order_by("username")


class BoundedChoicesField(forms.ModelMultipleChoiceField):
    """Ticked rows (accounts, venues); an id that is no plain, bounded number is refused before the database sees it (SQLite
    cannot even compare a 26-digit one)."""

    def _check_values(self, value):
        for pk in value:
            if ascii_whole_or_none(str(pk)) is None:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": pk}
                )
        return super()._check_values(value)


class VenueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    address = forms.CharField(label=_("Address"), max_length=300, required=False)
    weekday = forms.TypedChoiceField(
        label=_("Weekday of its nights"),
        choices=[("", "—"), *WEEKDAYS],
        coerce=int,
        empty_value=None,
        required=False,
    )
    organizers = BoundedChoicesField(
        label=_("Its organizers"),
        queryset=organizer_accounts(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("A league organizer listed here still runs every venue; a venue organizer runs only his."),
    )

    def __init__(self, *args, venue: Venue | None = None, **kwargs):
        if venue is not None:
            kwargs.setdefault(
                "initial",
                {
                    "name": venue.name,
                    "address": venue.address,
                    "weekday": venue.weekday,
                    "organizers": list(venue.organizers.all()),
                },
            )
        super().__init__(*args, **kwargs)
        self.fields["organizers"].queryset = organizer_accounts()


class MoveNightForm(forms.Form):
    venue = RecordChoiceField(label=_("Venue"), queryset=Venue.objects.all(), empty_label=None)


LEAGUE, VENUE = "league", "venue"
ROLES = [
    (LEAGUE, _("League organizer: runs every venue and the league")),
    (VENUE, _("Organizer of these venues")),
]


class ChosenRole:
    """What a form with the fields `role` and `venues` makes of them (the role page's and the new organizer's):
    a venue's organizer needs a venue."""

    def clean(self):
        data = super().clean()
        if data.get("role") == VENUE and not data.get("venues"):
            self.add_error("venues", _("A venue's organizer needs at least one venue."))
        return data

    def chosen_venues(self) -> list[Venue] | None:
        """The venues he is held to; None: a league organizer."""
        if self.cleaned_data.get("role") != VENUE:
            return None
        return list(self.cleaned_data["venues"])


class RoleForm(ChosenRole, forms.Form):
    """An organizer's role: a league organizer, or the organizer of the ticked venues (at least one)."""

    role = forms.ChoiceField(label=_("Role"), choices=ROLES, widget=forms.RadioSelect)
    venues = BoundedChoicesField(
        label=_("Venues"), queryset=Venue.objects.all(), required=False, widget=forms.CheckboxSelectMultiple
    )
    # Set by the page that asks "really?" before rights are taken away.
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)
