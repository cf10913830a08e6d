"""The dealer's phone after the table's last hand: the handbook's polite "Sie", and the jackpot sum written
as every other amount of money in the reader's language."""

import re

import pytest
from django.urls import reverse

from league.web.money import format_money
from tests.tournaments.tracked_tables import play_tracked_table
from tournaments.models import Seat


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "de",
            "Jetzt: Bringen Sie den Tischzettel zum Organisator und zahlen Sie die Jackpot-Summe von {sum} an der Kasse ein.",
        ),
        ("en", "Next: bring the table's sheet to the organizer and pay the jackpot sum of {sum} in at the register."),
    ],
)
def test_the_finished_table_s_next_steps_say_sie_and_write_money_as_the_language_does(
    client, organizer, language, sentence
):
    table = play_tracked_table(organizer)
    shares = sum(seat.entry.jackpot_share for seat in Seat.objects.filter(table=table).select_related("entry"))
    html = client.get(
        reverse("dealer_tracker", args=[table.dealer_token]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    (said,) = re.findall(r'<p class="next-steps">(.*?)</p>', html, re.S)
    expected = sentence.format(sum=format_money(shares, language))
    assert said.replace("&#x27;", "'") == expected
    if language == "en":
        assert re.search(r"of €\d+\.\d\d in", said)
    else:
        assert re.search(r"von \d+,\d\d\s€ an", said) and not re.search(r"\b(du|dein|bring|zahle)\b", said, re.I)
