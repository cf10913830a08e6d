import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from league.web.money import format_money


@pytest.mark.parametrize("language, expected", [("de", "10,00\xa0€"), ("en", "€10.00")])
def test_money_is_written_the_way_each_language_writes_it(language, expected):
    assert format_money(Decimal("10"), language) == expected


def test_money_follows_the_active_language():
    with translation.override("de"):
        assert format_money(Decimal("1234.5")) == "1.234,50\xa0€"
    with translation.override("en"):
        assert format_money(Decimal("1234.5")) == "€1,234.50"


@pytest.mark.django_db
def test_german_is_the_default_for_a_visitor_without_preference(client, night):
    client.defaults.pop("HTTP_ACCEPT_LANGUAGE", None)
    html = client.get("/").content.decode()
    assert '<html lang="de">' in html and "Organisator" in html


@pytest.mark.django_db
def test_the_language_switcher_changes_the_language_and_returns_to_the_page(organizer_client, night, anna, organizer):
    from league.desk import services

    services.register_player(night=night, player=anna, by=organizer, fee=Decimal("10.00"))
    desk = reverse("registration_desk", args=[night.pk])
    response = organizer_client.post(reverse("set_language"), {"language": "de", "next": desk})
    assert response.status_code == 302 and response.url == desk
    german = organizer_client.get(desk).content.decode()
    assert "Anmeldung" in german and "10,00\xa0€" in german and "25.11.2026" in german
    organizer_client.post(reverse("set_language"), {"language": "en", "next": desk})
    english = organizer_client.get(desk).content.decode()
    assert "Registration desk" in english and "€10.00" in english and "25 Nov 2026" in english


def test_every_german_message_is_translated():
    from pathlib import Path

    po = (Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.po").read_text()
    entries = po.split("\n\n")[1:]
    untranslated = [entry for entry in entries if entry.rstrip().endswith('msgstr ""') and "#~" not in entry]
    fuzzy = [entry for entry in entries if "#, fuzzy" in entry]
    assert not untranslated and not fuzzy


@pytest.mark.subprocess
@pytest.mark.skipif(shutil.which("msgattrib") is None, reason="gettext's msgattrib is not installed")
@pytest.mark.parametrize("flag", ["--untranslated", "--only-fuzzy"])
def test_msgattrib_finds_nothing_untranslated_or_fuzzy(flag):
    po = Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.po"
    found = subprocess.run(["msgattrib", flag, str(po)], capture_output=True, text=True, check=True).stdout
    assert found == ""
