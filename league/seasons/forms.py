"""Forms of the organizer's season and night pages.

Money goes through FeeField (rendered unlocalized, read as typed); whole numbers
are never localized in inputs, so thousand separators cannot break them."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.db import models
from django.db.models import QuerySet
from django.utils import formats
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.models import Season, Venue
from league.seasons import services as seasons
from league.web.fields import DecimalTextField, FeeField, RecordChoiceField, WholeNumberField

_DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
_WHOLE = {"inputmode": "numeric", "step": "1", "min": "0"}


def _day(day) -> str:
    return formats.date_format(day, "SHORT_DATE_FORMAT")


def knockout_points_field(**kwargs) -> DecimalTextField:
    """Points per knockout, as people write them ("0,5" in German), 0 to 1,000."""
    return DecimalTextField(
        label=_("Points per knockout"),
        max_digits=6,
        decimal_places=2,
        min_value=Decimal("0"),
        max_value=Decimal("1000"),
        required=False,
        initial=Decimal("0"),
        help_text=_("Added for each player a player knocks out; 0: no bonus."),
        # Points, not money: the field's default message speaks of an amount.
        error_messages={"invalid": _("Type the points as a plain number, such as 1 or 1.5.")},
        **kwargs,
    )


def _bounded_formfield(db_field, **kwargs):
    """Whole numbers of a season are typed with 0-9 and stay below a million (a stack, a blind, minutes)."""
    if db_field.name == "knockout_points":
        return knockout_points_field()
    if isinstance(db_field, models.IntegerField) and not db_field.choices:
        kwargs["form_class"] = WholeNumberField
    return db_field.formfield(**kwargs)


class SeasonForm(forms.ModelForm):
    entry_fee = FeeField(label=_("Entry fee"), initial=Season._meta.get_field("entry_fee").default)
    jackpot_share = FeeField(
        label=_("Jackpot share per player"), initial=Season._meta.get_field("jackpot_share").default
    )

    class Meta:
        model = Season
        fields = list(seasons.CREATE_FIELDS)
        formfield_callback = _bounded_formfield
        widgets = {
            "start_date": _DATE,
            "end_date": _DATE,
            "starting_stack": forms.NumberInput(attrs=_WHOLE),
            "start_small_blind": forms.NumberInput(attrs=_WHOLE),
            "start_big_blind": forms.NumberInput(attrs=_WHOLE),
            "level_minutes": forms.NumberInput(attrs=_WHOLE),
            "break_every_levels": forms.NumberInput(attrs=_WHOLE),
            "break_minutes": forms.NumberInput(attrs=_WHOLE),
            "best_nights": forms.NumberInput(attrs=_WHOLE),
            "points_formula": forms.TextInput(
                attrs={"autocapitalize": "off", "autocorrect": "off", "spellcheck": "false"}
            ),
        }

    confirm_overlap = forms.BooleanField(label=_("Save anyway: the seasons may overlap"), required=False)
    copy_structure = forms.BooleanField(required=False)

    def __init__(self, *args, like: Season | None = None, **kwargs):
        # `like`: "new season like the last": its settings as the initial values, each changeable.
        if like is not None and not kwargs.get("initial"):
            kwargs["initial"] = {**seasons.like(like), "copy_structure": bool(like.blind_structure)}
        super().__init__(*args, **kwargs)
        self.like = like
        self.overlaps: list[Season] = []
        if like is not None and like.blind_structure:
            self.fields["copy_structure"].label = _("Play the blind structure of “%(season)s”") % {"season": like.name}
            self.fields["copy_structure"].help_text = _(
                "Its levels, antes and breaks; the start blinds below are then those of its first level."
            )
        else:
            del self.fields["copy_structure"]
        if not Venue.objects.exists() or Venue.objects.count() == 1:
            del self.fields["venue"]  # a league of one pub: every season is its pub's (nothing new to see)
            del self.fields["jackpot_per_venue"]
        if self.instance.pk is not None:
            # Changed on the points scheme page, which recomputes the nights once there are results.
            for name in seasons.POINTS_FIELDS:
                del self.fields[name]
        if "best_nights" in self.fields:
            self.fields["best_nights"].required = False  # empty: every night counts, as before
        self.fields["tie_rule"].required = False  # not sent: the average, as before
        for name in seasons.QUALIFICATION_FIELDS:  # not sent: as they are (a new season: no final)
            self.fields[name].required = False
        if self.instance.blind_structure:
            # The season's own blind structure has its levels and minutes (tournaments/clock/: its own page).
            for name in seasons.DOUBLING_FIELDS:
                del self.fields[name]
        for field in self.fields.values():
            if isinstance(field, forms.IntegerField):
                field.localize = False
                field.widget.is_localized = False
        # Frozen settings stay visible with their reason; a changed value is refused by the service, naming it.
        self.frozen = seasons.frozen_fields(self.instance)
        for name, reason in self.frozen.items():
            if name not in self.fields:  # the blind structure: its own page
                continue
            field = self.fields[name]
            field.widget.attrs["readonly"] = True
            field.widget.attrs["aria-readonly"] = "true"
            field.frozen_reason = reason

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The season cannot end before it starts."))
        fee, share = cleaned.get("entry_fee"), cleaned.get("jackpot_share")
        if fee is not None and share is not None and share > fee:
            self.add_error("jackpot_share", _("The jackpot share cannot be more than the entry fee."))
        if cleaned.get("points_scheme") == "formula" and not (cleaned.get("points_formula") or "").strip():
            self.add_error("points_formula", _("The “own formula” scheme needs its formula."))
        small, big = cleaned.get("start_small_blind"), cleaned.get("start_big_blind")
        if small and big and big < small:
            self.add_error("start_big_blind", _("The big blind cannot be smaller than the small blind."))
        if start and end and end >= start and not self.errors:
            self.overlaps = seasons.overlapping_seasons(start, end, exclude=self.instance.pk)
            if self.overlaps and not cleaned.get("confirm_overlap"):
                names = ", ".join(
                    _("“%(name)s” (%(start)s–%(end)s)")
                    % {"name": season.name, "start": _day(season.start_date), "end": _day(season.end_date)}
                    for season in self.overlaps
                )
                self.add_error(
                    "start_date",
                    ngettext(
                        "These dates overlap the season %(seasons)s: the home page and the jackpot page follow only "
                        "one season at a time. Change the dates, or tick the box below and save again.",
                        "These dates overlap the seasons %(seasons)s: the home page and the jackpot page follow only "
                        "one season at a time. Change the dates, or tick the box below and save again.",
                        len(self.overlaps),
                    )
                    % {"seasons": names},
                )
        return cleaned

    def structure_source(self) -> Season | None:
        """The season whose blind structure the new one copies, if the organizer kept that choice."""
        if self.like is not None and self.cleaned_data.get("copy_structure"):
            return self.like
        return None

    def changes(self) -> dict:
        changes = {name: self.cleaned_data[name] for name in seasons.CREATE_FIELDS if name in self.fields}
        if "knockout_points" in changes and changes["knockout_points"] is None:
            changes["knockout_points"] = Decimal("0")
        if "best_nights" in changes and changes["best_nights"] is None:
            changes["best_nights"] = 0
        for name in seasons.QUALIFICATION_FIELDS:
            if name in changes and changes[name] in (None, ""):
                changes[name] = getattr(self.instance, name)
        if "tie_rule" in changes and not changes["tie_rule"]:  # not sent: as it is (a new season: the average)
            changes["tie_rule"] = self.instance.tie_rule
        return changes


class NightForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=_DATE)
    starts_at = forms.TimeField(label=_("Start time"), widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))
    venue = RecordChoiceField(label=_("Venue"), queryset=Venue.objects.none(), empty_label=None)
    confirm_weekday = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args, venues: QuerySet[Venue], preselected: Venue | None = None, restricted: bool = False, **kwargs
    ):
        """`venues`: where this organizer may plan the night. With one, the field is left out (a league of one
        pub sees no venue anywhere) and the night is played there. `restricted`: a venue organizer, who may
        plan nights only at his venues (with none to choose from, none at all)."""
        super().__init__(*args, **kwargs)
        self.restricted = restricted
        choices = list(venues)
        self.only_venue = choices[0] if len(choices) == 1 else None
        if len(choices) <= 1:
            del self.fields["venue"]
        else:
            self.fields["venue"].queryset = venues
            self.fields["venue"].initial = preselected

    def clean(self):
        cleaned = super().clean()
        if self.restricted and "venue" not in self.fields and self.only_venue is None:
            raise forms.ValidationError(_("You run no venue whose nights this season counts."))
        return cleaned

    def chosen_venue(self) -> Venue | None:
        return self.cleaned_data.get("venue", self.only_venue)
