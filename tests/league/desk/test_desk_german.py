"""The desk in German, as at the venue: the fee round-trips through the page's own inputs."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league.desk.forms import FeeForm
from league.models import Entry

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def _amount_values(html: str) -> list[str]:
    return re.findall(r'name="amount"[^>]*?value="([^"]*)"', html) + re.findall(
        r'value="([^"]*)"[^>]*?name="amount"', html
    )


@pytest.mark.django_db
def test_the_german_desk_renders_fees_a_number_input_accepts(organizer_client, night, anna):
    html = organizer_client.get(reverse("registration_desk", args=[night.pk]), {"q": "anna"}, **GERMAN).content.decode()
    values = _amount_values(html)
    assert values and all(value == "10.00" for value in values), values


@pytest.mark.django_db
def test_registering_with_the_rendered_german_fee_saves_a_paid_entry(organizer_client, night, anna):
    html = organizer_client.get(reverse("registration_desk", args=[night.pk]), {"q": "anna"}, **GERMAN).content.decode()
    (amount,) = set(_amount_values(html))
    response = organizer_client.post(
        reverse("desk_register", args=[night.pk]), {"player": anna.pk, "pay_now": "1", "amount": amount}, **GERMAN
    )
    assert response.status_code == 302
    entry = Entry.objects.get(night=night, player=anna)
    assert entry.fee_paid == Decimal("10.00")


@pytest.mark.parametrize(
    ("language", "typed", "expected"),
    [
        ("de", "10", Decimal("10")),
        ("de", "10,00", Decimal("10.00")),
        ("de", "10.00", Decimal("10.00")),
        ("de", "7,5", Decimal("7.5")),
        ("en", "10.00", Decimal("10.00")),
        ("en", "10", Decimal("10")),
    ],
)
def test_a_fee_is_read_as_typed_in_each_language(language, typed, expected):
    from django.utils import translation

    with translation.override(language):
        form = FeeForm({"amount": typed})
        assert form.is_valid(), form.errors
        assert form.cleaned_data["amount"] == expected


def test_an_english_fee_with_a_comma_is_refused_rather_than_read_as_a_thousand():
    from django.utils import translation

    with translation.override("en"):
        form = FeeForm({"amount": "10,00"})
        assert not form.is_valid()
