"""A desk with nobody registered yet says so in a sentence, not as the first item of the numbered list."""

import re

import pytest
from django.urls import reverse


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "text"), [("de", "Noch keine Anmeldungen."), ("en", "No entries yet.")])
def test_an_empty_desk_does_not_number_its_empty_text(organizer_client, night, language, text):
    html = organizer_client.get(
        reverse("registration_desk", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert text in html
    assert not re.search(r"<ol[^>]*>\s*<li[^>]*>\s*" + re.escape(text), html)
    assert '<ol class="entries">' not in html


@pytest.mark.django_db
def test_a_desk_with_entries_numbers_them_without_the_empty_text(organizer_client, night, anna):
    organizer_client.post(
        reverse("desk_register", args=[night.pk]), {"player": anna.pk, "pay_now": "1", "amount": "10.00"}
    )
    html = organizer_client.get(reverse("registration_desk", args=[night.pk])).content.decode()
    assert '<ol class="entries">' in html and "Anna Berger" in html and "No entries yet." not in html
