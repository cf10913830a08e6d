"""The live-table calculator's form: the dealer's cards, the board and up to
seven boxes, each with its cards and bets."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from housegames.engines.uth.rules import PROFILES, UthError, settle_table
from housegames.services import uth as uth_play
from league.web.fields import DecimalTextField, WholeNumberField
from tournaments.poker.cards import CardError, parse_cards

BOXES = 7
PLAY_CHOICES = [
    ("4", _("4x (pre-flop)")),
    ("3", _("3x (pre-flop)")),
    ("2", _("2x (flop)")),
    ("1", _("1x (river)")),
    ("0", pgettext_lazy("ultimate texas hold'em", "fold")),
]
RULE_CHOICES = [
    ("standard", _("Dealer needs a pair")),
    ("pair_of_fours", _("Dealer needs a pair of fours")),
]
assert {value for value, _label in RULE_CHOICES} == set(PROFILES)


class CardsField(forms.CharField):
    """A group of cards typed as ``AsKd``, ``As Kd`` or ``10s 9d``."""

    def __init__(self, *, count: int, **kwargs) -> None:
        self.count = count
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={
                    "autocapitalize": "off",
                    "autocomplete": "off",
                    "spellcheck": "false",
                    "placeholder": "AsKd" if count == 2 else "Ah Kd 7c 2s 2h",
                }
            ),
        )
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        if not value:
            return ()
        try:
            cards = parse_cards(value)
        except CardError:
            raise forms.ValidationError(
                _("Enter cards like AsKd (ranks 2-9, T, J, Q, K, A; suits c, d, h, s).")
            ) from None
        if len(cards) != self.count:
            raise forms.ValidationError(_("Enter exactly %(count)s cards.") % {"count": self.count})
        return cards


class AmountField(DecimalTextField):
    """Play chips typed at the calculator, read in either language (see DecimalTextField)."""


class CalculatorForm(forms.Form):
    rules = forms.ChoiceField(label=_("Rules"), choices=RULE_CHOICES, initial="standard")
    dealer = CardsField(label=_("Dealer's cards"), count=2)
    board = CardsField(label=_("Board"), count=5)
    meter = AmountField(
        label=_("Jackpot meter"),
        required=False,
        min_value=0,
        decimal_places=2,
        max_digits=12,
        help_text=_("Needed only when a box with a jackpot bet has a royal flush."),
    )
    royals_elsewhere = WholeNumberField(
        label=_("Jackpot royal flushes at other tables"),
        required=False,
        min_value=0,
        max_value=99,
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "1"}),
        help_text=_(
            "Royal flushes that win the jackpot at other tables in the same round: all winners share the meter."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, BOXES + 1):
            self.fields[f"box{n}_cards"] = CardsField(label=_("Cards"), count=2, required=False)
            self.fields[f"box{n}_ante"] = AmountField(
                label=_("Ante"),
                required=False,
                min_value=Decimal("0.01"),
                decimal_places=2,
                max_digits=10,
            )
            self.fields[f"box{n}_trips"] = AmountField(
                label=_("Trips"),
                required=False,
                min_value=0,
                decimal_places=2,
                max_digits=10,
            )
            self.fields[f"box{n}_play"] = forms.ChoiceField(
                label=_("Play"), choices=PLAY_CHOICES, initial="4", required=False
            )
            self.fields[f"box{n}_jackpot"] = forms.BooleanField(label=_("Jackpot"), required=False)
            self.fields[f"box{n}_guest"] = WholeNumberField(
                label=_("Guest"),
                required=False,
                min_value=1,
                max_value=BOXES,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "1", "min": "1", "max": str(BOXES)}),
            )
            # The boxes are table rows: each input is named by its box and its column.
            for column in ("cards", "ante", "trips", "play", "jackpot", "guest"):
                field = self.fields[f"box{n}_{column}"]
                field.widget.attrs["aria-label"] = _("Box %(number)s: %(field)s") % {"number": n, "field": field.label}

    def box_rows(self) -> list[dict]:
        return [
            {
                "number": n,
                "cards": self[f"box{n}_cards"],
                "ante": self[f"box{n}_ante"],
                "trips": self[f"box{n}_trips"],
                "play": self[f"box{n}_play"],
                "jackpot": self[f"box{n}_jackpot"],
                "guest": self[f"box{n}_guest"],
            }
            for n in range(1, BOXES + 1)
        ]

    def clean(self):
        data = super().clean()
        boxes = []
        for n in range(1, BOXES + 1):
            cards = data.get(f"box{n}_cards")
            ante = data.get(f"box{n}_ante")
            if f"box{n}_cards" in self.errors or f"box{n}_ante" in self.errors:
                continue
            if not cards and ante is None:
                continue
            if not cards:
                self.add_error(f"box{n}_cards", _("Enter this box's two cards."))
                continue
            if ante is None:
                self.add_error(f"box{n}_ante", _("Enter this box's ante."))
                continue
            if not data.get(f"box{n}_play"):
                self.add_error(f"box{n}_play", _("Choose this box's Play."))
                continue
            boxes.append(
                {
                    "number": n,
                    "player": cards,
                    "ante": ante,
                    "trips": data.get(f"box{n}_trips") or Decimal(0),
                    "play": int(data[f"box{n}_play"]),
                    "jackpot": bool(data.get(f"box{n}_jackpot")),
                    # Boxes with the same guest number are one person's; no number: a guest of his own.
                    "guest": str(data[f"box{n}_guest"]) if data.get(f"box{n}_guest") else "",
                }
            )
        if self.errors:
            return data
        if not boxes:
            raise forms.ValidationError(_("Enter at least one box: its cards and its ante."))
        seen: dict = {}
        groups = [(_("dealer"), data.get("dealer", ())), (_("board"), data.get("board", ()))]
        groups += [(_("box %(number)s") % {"number": b["number"]}, b["player"]) for b in boxes]
        for where, cards in groups:
            for card in cards:
                if card in seen:
                    raise forms.ValidationError(
                        _("The card %(card)s is used twice (%(first)s and %(second)s).")
                        % {"card": card, "first": seen[card], "second": where}
                    )
                seen[card] = where
        data["boxes"] = boxes
        return data

    def calculate(self) -> dict | None:
        """Settle the table through the engine: the settlement as the round keeps it
        (``settlement_data``), each box with the number the dealer gave it; ``None``
        (with a form error) when the jackpot meter is missing for a royal flush."""
        data = self.cleaned_data
        try:
            game, settlement = settle_table(
                dealer=data["dealer"],
                board=data["board"],
                boxes=data["boxes"],
                rules=data["rules"],
                meter=data.get("meter"),
                royal_winners_elsewhere=data.get("royals_elsewhere") or 0,
            )
        except UthError as error:
            if error.code == "meter_needed":
                self.add_error("meter", _("Enter the jackpot meter: a royal flush wins it."))
            else:
                self.add_error(None, str(error))
            return None
        result = uth_play.settlement_data(game, settlement)
        for box, entered in zip(result["boxes"], data["boxes"]):
            box["number"] = entered["number"]
        return result
