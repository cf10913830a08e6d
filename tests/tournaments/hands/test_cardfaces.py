"""Cards as people read them (tournaments/hands/cardfaces.py) and as pages draw them ({% load cardfaces %})."""

from django.template import Context, Template

from tournaments.hands.cardfaces import cardface_text

PICKER = Template("{% load cardfaces %}{% card_picker used %}")


def _picker(used: set[str]) -> str:
    return PICKER.render(Context({"used": used}))


def test_the_picker_has_four_rows_of_thirteen_buttons_from_the_ace_down() -> None:
    html = _picker(set())

    assert html.count('<div class="suit-row">') == 4
    assert html.count("<button") == 52
    assert html.startswith('<div class="suit-row"><button name="card" value="As" class="pick black" aria-label="A♠">')
    assert html.index('value="Ks"') < html.index('value="2s"') < html.index('value="Ah"')


def test_the_picker_disables_exactly_the_cards_in_play() -> None:
    html = _picker({"Th", "2c"})

    assert html.count(" disabled") == 2
    assert '<button name="card" value="Th" class="pick red ten" disabled aria-label="10♥">' in html
    assert '<button name="card" value="2c" class="pick black" disabled aria-label="2♣">' in html
    assert " disabled" not in _picker(set())  # a set drawn before is not mixed up with another


def test_a_picker_button_shows_its_card_coloured_by_suit() -> None:
    assert 'aria-label="Q♦"><span class="cardface red">Q♦</span></button>' in _picker(set())


def test_cards_read_as_people_read_them_and_other_text_stays_as_it_is() -> None:
    rendered = Template("{% load cardfaces %}{{ value|cardfaces }}")

    assert rendered.render(Context({"value": "AhKd"})) == (
        '<span class="cardface red">A♥</span> <span class="cardface red">K♦</span>'
    )
    assert rendered.render(Context({"value": "<b>nope</b>"})) == "&lt;b&gt;nope&lt;/b&gt;"
    assert cardface_text("Ts 9c") == "10♠ 9♣"
