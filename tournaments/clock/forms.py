"""Forms of the clock's pages: the breaks, what the night's TV shows and each named TV (the control page), a
season's blind structure, the club's clock screen (logo, chips, figures)."""

from __future__ import annotations

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy

from league.rules import chips as chips_rules
from league.rules.errors import RulesError
from league.web.fields import WholeNumberField
from tournaments.clock import logo as logo_rules
from tournaments.models import ROTATING_SCREENS, ClockFigure, TvScreen
from tournaments.poker import structure


class BreakForm(forms.Form):
    every_levels = WholeNumberField(
        label=gettext_lazy("Break after every … levels"),
        min_value=0,
        max_value=20,
        help_text=gettext_lazy("0: no breaks."),
    )
    minutes = WholeNumberField(label=gettext_lazy("Minutes per break"), min_value=1, max_value=120)


class TvForm(forms.Form):
    screen = forms.ChoiceField(label=gettext_lazy("The TV shows"), choices=TvScreen.choices, widget=forms.RadioSelect)
    announcement = forms.CharField(
        label=gettext_lazy("Announcement line"),
        max_length=140,
        required=False,
        help_text=gettext_lazy("Shown at the foot of every TV screen; empty: none."),
    )
    spoken = forms.BooleanField(
        label=gettext_lazy("Spoken announcements (level changes, the announcement)"), required=False
    )


class DisplayForm(forms.Form):
    """A named TV: its name, its screen, and the screens it shows in turn with the seconds for each.

    The rules (a name, two screens at least to take turns, the seconds' bounds) are the service's
    (tournaments/clock/displays.py); its refusal is shown beside the field it names."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=40, help_text=gettext_lazy("e.g. Bar, Door"))
    screen = forms.ChoiceField(label=gettext_lazy("The TV shows"), choices=TvScreen.choices, widget=forms.RadioSelect)
    rotation = forms.MultipleChoiceField(
        label=gettext_lazy("Screens taking turns"),
        choices=[(value, label) for value, label in TvScreen.choices if value in ROTATING_SCREENS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    seconds = WholeNumberField(label=gettext_lazy("Seconds per screen"), min_value=5, max_value=600)

    def __init__(self, *args, venues=None, league_wide: bool = True, **kwargs):
        """`venues`: the venues this organizer may give the TV, as a list read once for every TV's form (None: no
        venue field, a league of one pub or a venue organizer of one venue); `league_wide`: he may also leave
        it the league's (a league organizer)."""
        super().__init__(*args, **kwargs)
        if venues is not None:
            by_pk = {str(venue.pk): venue for venue in venues}
            choices = [(pk, venue.name) for pk, venue in by_pk.items()]
            if league_wide:
                choices.insert(0, ("", gettext_lazy("— the league: every venue's nights")))
            self.fields["venue"] = forms.TypedChoiceField(
                label=gettext_lazy("Venue"),
                choices=choices,
                coerce=by_pk.__getitem__,
                empty_value=None,
                required=not league_wide,
                help_text=gettext_lazy("A venue's TV shows that venue's nights and is its organizers' to change."),
            )


# --- the season's blind structure --------------------------------------------------------------------

LEVEL_FIELDS = ("small", "big", "ante", "minutes", "break_minutes", "note")
MORE_ROWS = 4  # empty rows offered below the levels, and added by "More levels"


class StructureForm(forms.Form):
    """The levels as rows of small blind, big blind, ante, minutes and the break after the level.

    Rows left empty are skipped; the pure rules (tournaments/poker/structure.py) check what is left and the
    refusal is shown at the field it names."""

    after_last = forms.ChoiceField(
        label=gettext_lazy("After the last level"),
        choices=[
            ("double", gettext_lazy("the blinds keep doubling")),
            ("repeat", gettext_lazy("the last level repeats")),
        ],
        widget=forms.RadioSelect,
    )
    ante_by = forms.ChoiceField(
        label=gettext_lazy("Who posts the ante"),
        choices=[("each", gettext_lazy("every player")), ("big_blind", gettext_lazy("the big blind, for the table"))],
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, rows: int = 1, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = max(1, min(rows, structure.MAX_LEVELS + MORE_ROWS))
        number = {"inputmode": "numeric", "autocomplete": "off"}
        for k in range(1, self.rows + 1):
            for name, label, high in (
                ("small", gettext_lazy("Small blind"), structure.MAX_CHIPS),
                ("big", gettext_lazy("Big blind"), structure.MAX_CHIPS),
                ("ante", gettext_lazy("Ante"), structure.MAX_CHIPS),
                ("minutes", gettext_lazy("Minutes"), structure.MAX_MINUTES),
                ("break_minutes", gettext_lazy("Break after it (min)"), structure.MAX_BREAK_MINUTES),
            ):
                self.fields[f"{name}_{k}"] = WholeNumberField(
                    label=label,
                    required=False,
                    min_value=0,
                    max_value=high,
                    localize=False,
                    widget=forms.TextInput(attrs=number),
                )
            self.fields[f"note_{k}"] = forms.CharField(
                label=gettext_lazy("Note on the TV"),
                required=False,
                max_length=structure.MAX_NOTE,
                strip=True,
            )

    def row_fields(self) -> list[tuple[int, list]]:
        return [(k, [self[f"{name}_{k}"] for name in LEVEL_FIELDS]) for k in range(1, self.rows + 1)]

    def structure(self) -> structure.Structure | None:
        """The structure typed in, or None with the refusal added to the form (at the field it names)."""
        if not self.is_valid():
            return None
        data = self.cleaned_data
        filled = []  # (row number on the form, values)
        for k in range(1, self.rows + 1):
            row = {name: data.get(f"{name}_{k}") for name in LEVEL_FIELDS}
            if any(value not in (None, "") for value in row.values()):
                filled.append((k, row))
        try:
            return structure.from_rows(
                [row for _, row in filled], after_last=data["after_last"], ante_by=data["ante_by"]
            )
        except structure.StructureError as error:
            level = error.params.get("level")
            field = error.params.get("field")
            if isinstance(level, int) and 1 <= level <= len(filled):
                row = filled[level - 1][0]
                error.params["level"] = level
                target = f"{field or ('break_minutes' if error.code.startswith(('break', 'note')) else 'big')}_{row}"
                self.add_error(target if target in self.fields else None, structure_message(error))
            else:
                self.add_error(None, structure_message(error))
            return None


ROW_ACTIONS = ("up", "down", "drop", "insert")


def rearranged(data, rows: int) -> tuple[dict, int] | None:
    """The grid as posted with one level moved up or down, dropped, or an empty level inserted after it (the
    row buttons), as initial values and the number of rows; None when no row button was pressed. Nothing is
    checked or saved: the organizer sees the grid changed and saves when it is right."""
    action = next((name for name in ROW_ACTIONS if name in data), None)
    if action is None:
        return None
    try:
        row = int(data.get(action, ""))
    except ValueError:
        return None
    grid = [{name: data.get(f"{name}_{k}", "") for name in LEVEL_FIELDS} for k in range(1, rows + 1)]
    if not 1 <= row <= len(grid):
        return None
    index = row - 1
    if action == "up" and index > 0:
        grid[index - 1], grid[index] = grid[index], grid[index - 1]
    elif action == "down" and index < len(grid) - 1:
        grid[index + 1], grid[index] = grid[index], grid[index + 1]
    elif action == "drop":
        del grid[index]
    elif action == "insert" and len(grid) < structure.MAX_LEVELS + MORE_ROWS:
        grid.insert(index + 1, dict.fromkeys(LEVEL_FIELDS, ""))
    initial = {"after_last": data.get("after_last", "double"), "ante_by": data.get("ante_by", "each")}
    for k, values in enumerate(grid, start=1):
        initial.update({f"{name}_{k}": value for name, value in values.items()})
    return initial, max(len(grid), 1)


def initial_rows(levels: structure.Structure | None) -> dict:
    """A structure as the form's initial values."""
    initial = {}
    if levels is None:
        return initial
    initial.update(after_last=levels.after_last, ante_by=levels.ante_by)
    for k, row in enumerate(levels.as_rows(), start=1):
        for name in LEVEL_FIELDS:
            initial[f"{name}_{k}"] = row[name]
    return initial


_FIELD_NAMES = {
    "small": gettext_lazy("small blind"),
    "big": gettext_lazy("big blind"),
    "ante": gettext_lazy("ante"),
    "minutes": gettext_lazy("minutes"),
    "break_minutes": gettext_lazy("break minutes"),
}
_MESSAGES = {
    "empty": gettext_lazy("Enter at least one level."),
    "too_many_levels": gettext_lazy("At most %(limit)s levels."),
    "missing": gettext_lazy("Level %(level)s: enter the %(field)s."),
    "not_whole": gettext_lazy("Level %(level)s: the %(field)s must be a whole number."),
    "too_small": gettext_lazy("Level %(level)s: the %(field)s must be at least %(limit)s."),
    "too_large": gettext_lazy("Level %(level)s: %(value)s is too large for the %(field)s (at most %(limit)s)."),
    "small_above_big": gettext_lazy("Level %(level)s: the small blind (%(small)s) is above the big blind (%(big)s)."),
    "ante_above_big": gettext_lazy("Level %(level)s: an ante of %(ante)s is more than the big blind (%(big)s) allows."),
    "big_falling": gettext_lazy(
        "Level %(level)s: the big blind (%(big)s) is below the one of the level before (%(previous)s); blinds never go down."
    ),
    "small_falling": gettext_lazy(
        "Level %(level)s: the small blind (%(small)s) is below the one of the level before (%(previous)s); blinds never go down."
    ),
    "nothing_rising": gettext_lazy(
        "Level %(level)s: same blinds as the level before: raise the blinds, or the ante above %(previous)s."
    ),
    "break_level": gettext_lazy("A break can only follow a level of the list."),
    "break_minutes": gettext_lazy("The break after level %(level)s: 1 to %(limit)s minutes."),
    "note_too_long": gettext_lazy("The note after level %(level)s: at most %(limit)s characters."),
    "note_control": gettext_lazy("The note after level %(level)s: letters, digits and punctuation only."),
    "note_without_break": gettext_lazy("Level %(level)s: a note is shown during a break: enter the break's minutes."),
    "after_last_unknown": gettext_lazy("Choose what follows the last level."),
    "ante_by_unknown": gettext_lazy("Choose who posts the ante."),
    "unreadable": gettext_lazy("The stored blind structure cannot be read."),
    "template_unknown": gettext_lazy("There is no such template."),
}


def structure_message(error: structure.StructureError) -> str:
    params = dict(error.params)
    if "field" in params:
        params["field"] = _FIELD_NAMES.get(params["field"], params["field"])
    if isinstance(params.get("value"), int):
        params["value"] = number_format(params["value"], force_grouping=True)
    for key in ("limit", "small", "big", "ante", "previous"):
        if isinstance(params.get(key), int):
            params[key] = number_format(params[key], force_grouping=True)
    return str(_MESSAGES.get(error.code, error.code)) % params


# --- the club's clock screen ---------------------------------------------------------------------------

CHIP_MESSAGES = {
    "chip_line": gettext_lazy(
        "Line %(line)s: write the chip's value and its colour, such as “25 white” or “100 #d32f2f”."
    ),
    "chip_value": gettext_lazy("Line %(line)s: a chip's value is a whole number from 1 to %(most)s."),
    "chip_colour": gettext_lazy(
        "Line %(line)s: “%(colour)s” is not a colour of the list below the field; write it as #rrggbb instead."
    ),
    "chip_twice": gettext_lazy("Line %(line)s: there is a chip of %(value)s already."),
    "chip_count": gettext_lazy("At most %(most)s chips."),
}


class ClubClockForm(forms.Form):
    logo = forms.FileField(
        label=gettext_lazy("Logo or sponsor"),
        required=False,
        help_text=gettext_lazy(
            "PNG, JPEG or WebP, at most 2 MB and 4000×4000 pixels; shown at the top right of the clock."
        ),
        widget=forms.FileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}),
    )
    remove_logo = forms.BooleanField(label=gettext_lazy("Remove the logo"), required=False)
    chips = forms.CharField(
        label=gettext_lazy("Chips"),
        required=False,
        max_length=chips_rules.MAX_CHIPS * (chips_rules.MAX_LINE + 2),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "off", "spellcheck": "false"}),
        help_text=gettext_lazy(
            "One chip a line: its value and its colour, such as “25 white”. Colours: white, red, blue, green, "
            "black, yellow, orange, purple, pink, grey, brown, light blue, or #rrggbb. Empty: no chip chart."
        ),
    )
    figures = forms.MultipleChoiceField(
        label=gettext_lazy("The clock shows"),
        choices=ClockFigure.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    prize_line = forms.CharField(
        label=gettext_lazy("Line for points or prizes"),
        max_length=140,
        required=False,
        help_text=gettext_lazy("Shown above the figures, such as “Tonight: double points”; empty: none."),
    )

    def clean_logo(self):
        upload = self.cleaned_data.get("logo")
        if not upload:
            return None
        # The size first, from the upload's own count: a huge file is never read into memory.
        if upload.size > logo_rules.MAX_BYTES:
            raise forms.ValidationError(logo_rules.too_big_message())
        try:
            return logo_rules.checked_logo(upload.read(logo_rules.MAX_BYTES + 1))
        except logo_rules.LogoRefused as refused:
            raise forms.ValidationError(str(refused)) from None

    def clean_chips(self):
        try:
            return chips_rules.parse_chips(self.cleaned_data.get("chips") or "")
        except RulesError as error:
            raise forms.ValidationError(CHIP_MESSAGES[error.code] % error.params) from None

    def clean_prize_line(self):
        return " ".join((self.cleaned_data.get("prize_line") or "").split())
