"""Each step of the evening as tonight's page shows it: its name, what it asks of the organizer, and the one
button that does it (a link, or a form that acts and comes back to tonight's page)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.web.public_url import public_reverse
from tournaments.tonight.evening import DONE, NOW, SKIPPED, Step
from tournaments.tonight.reading import Evening, TableLine

TITLES = {
    "registration": gettext_lazy("Registration"),
    "draw": gettext_lazy("Seating draw"),
    "first_dealers": gettext_lazy("First dealer at each table"),
    "qr_codes": gettext_lazy("QR codes printed"),
    "clock": gettext_lazy("Clock started"),
    "phones": gettext_lazy("A dealer's phone at each table"),
    "tables_finished": gettext_lazy("Tables finished"),
    "deposits": gettext_lazy("Jackpot deposits confirmed"),
    "cash": gettext_lazy("Cash box counted"),
    "finished": gettext_lazy("Night finished"),
}


@dataclass(frozen=True)
class Action:
    label: str
    url: str
    post: bool = False  # a form that acts and comes back to tonight's page (the page adds the CSRF token and `next`)
    fields: dict = field(default_factory=dict)
    download: bool = False


@dataclass(frozen=True)
class StepView:
    number: int
    key: str
    state: str
    title: str
    tables: tuple[int, ...]
    text: str = ""
    action: Action | None = None
    extra: Action | None = None  # a second, smaller button where the step has one (closing registration)

    @property
    def done(self) -> bool:
        return self.state == DONE

    @property
    def due(self) -> bool:
        return self.state == NOW

    @property
    def skipped(self) -> bool:
        return self.state == SKIPPED


def _table(evening: Evening, number: int) -> TableLine:
    return next(line for line in evening.tables if line.facts.number == number)


def _tables_text(numbers: tuple[int, ...]) -> str:
    listed = ", ".join(str(n) for n in numbers)
    return ngettext("Still waiting for table %(tables)s.", "Still waiting for tables %(tables)s.", len(numbers)) % {
        "tables": listed
    }


def _due(step: Step, evening: Evening) -> tuple[str, Action | None, Action | None]:
    """What the due step asks, its button, and a second one."""
    night = evening.night
    facts = evening.facts
    key = step.key
    first = _table(evening, step.tables[0]) if step.tables else None
    if key == "registration":
        text = _(
            "Register the players at the desk and take their fees (%(paid)s of %(entries)s paid). When everyone is in, close the registration."
        ) % {"paid": facts.paid, "entries": facts.entries}
        return (
            text,
            Action(_("Open the registration desk"), reverse("registration_desk", args=[night.pk])),
            Action(
                _("Close the registration"),
                reverse("night_registration", args=[night.pk]),
                post=True,
                fields={"action": "close"},
            ),
        )
    if key == "draw":
        text = _(
            "Draw the seating: %(paid)s paid entries onto tables of at most six. Registration closes with the draw."
        ) % {"paid": facts.paid}
        return text, Action(_("Draw the seating"), reverse("seating_draw", args=[night.pk])), None
    if key == "first_dealers":
        text = _("At each table the players draw a card; the highest deals first, and writes the placement sheet.")
        return (
            text,
            Action(
                _("First dealer of table %(n)s") % {"n": first.facts.number},
                reverse("table_detail", args=[first.table.pk]),
            ),
            None,
        )
    if key == "qr_codes":
        text = _(
            "Print the QR codes of the dealer links and lay one on each table: the first dealer scans it with a phone."
        )
        return (
            text,
            Action(_("Print the QR codes (PDF)"), reverse("night_qr_sheet", args=[night.pk]), download=True),
            None,
        )
    if key == "clock":
        text = _("Start the blind clock when the tables are ready. The TV shows it at %(url)s.") % {
            "url": public_reverse("clock_tv", night.pk)
        }
        return (
            text,
            Action(_("Start the clock"), reverse("clock_act", args=[night.pk, "start"]), post=True),
            Action(_("Clock controls"), reverse("clock_control", args=[night.pk])),
        )
    if key == "phones":
        text = _(
            "A phone at each table opens the table's dealer link (the QR code). A table played on paper needs none."
        )
        return (
            text,
            Action(
                _("Dealer link of table %(n)s") % {"n": first.facts.number},
                reverse("table_detail", args=[first.table.pk]),
            ),
            None,
        )
    if key == "tables_finished":
        text = _(
            "The tables play down to one player. Follow them live; a table played on paper gets its result typed in from the signed sheet."
        )
        return (
            text,
            Action(_("Follow the tables live"), reverse("night_rail", args=[night.pk])),
            Action(_("Table %(n)s") % {"n": first.facts.number}, reverse("table_detail", args=[first.table.pk])),
        )
    if key == "deposits":
        text = _(
            "The first dealer of each finished table pays its jackpot sum in at the café register; confirm each deposit."
        )
        return text, Action(_("Confirm the deposits"), reverse("night_jackpot", args=[night.pk])), None
    if key == "cash":
        text = _("Count the cash box and close the night's cash.")
        return text, Action(_("Count the cash box"), reverse("night_cash", args=[night.pk])), None
    text = _("Every table is done: finish the night. Its results count for the standings.")
    return text, Action(_("Finish the night"), reverse("night_finish", args=[night.pk])), None


def step_views(evening: Evening) -> list[StepView]:
    views = []
    for number, step in enumerate(evening.steps, start=1):
        text, action, extra = _due(step, evening) if step.state == NOW else ("", None, None)
        if (
            step.state == NOW
            and step.tables
            and step.key in ("first_dealers", "qr_codes", "phones", "tables_finished", "deposits")
        ):
            text += " " + _tables_text(step.tables)
        views.append(StepView(number, step.key, step.state, str(TITLES[step.key]), step.tables, text, action, extra))
    return views


GAPS = {
    "first_dealer": gettext_lazy("no first dealer"),
    "phone": gettext_lazy("no phone has opened the dealer link"),
    "playing": gettext_lazy("playing"),
    "deposit": gettext_lazy("result not confirmed: jackpot deposit open"),
}


def gap_texts(line: TableLine) -> list[tuple[str, bool]]:
    """What the table lacks, each with whether it needs the organizer (a table that plays needs nobody)."""
    return [(str(GAPS[gap]), gap != "playing") for gap in line.gaps]
