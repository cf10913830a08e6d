"""The club's clock settings page: a logo checked before it is stored, the chips, the figures; a refused upload
or line is named beside its field and changes nothing."""

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from tournaments.clock import club
from tournaments.clock.logo import MAX_BYTES
from tournaments.models import DEFAULT_FIGURES, ClubClock

pytestmark = pytest.mark.django_db


def png(width: int = 40, height: int = 20, colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims a huge picture in a few bytes: a decompression bomb's head."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


SCRIPTED_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'


def post(client, *, logo: bytes | None = None, name: str = "logo.png", **fields):
    data = {"chips": "", "figures": list(DEFAULT_FIGURES), "prize_line": "", **fields}
    if logo is not None:
        data["logo"] = SimpleUploadedFile(name, logo, content_type="image/png")
    return client.post(reverse("club_clock"), data)


@pytest.fixture
def german(organizer_client):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    return organizer_client


def test_a_png_logo_chips_and_figures_are_saved_and_the_tv_reads_them(german):
    response = post(
        german,
        logo=png(),
        chips="25 weiß\n100 rot",
        figures=["average_bb", "players"],
        prize_line="Heute doppelte Punkte",
    )
    assert response.status_code == 302
    look = club.club_look()
    assert look.logo_url.endswith(".png") and (look.logo_width, look.logo_height) == (40, 20)
    assert [chip.value for chip in look.chips] == [25, 100]
    assert look.figures == ("average_bb", "players")
    assert look.prize_line == "Heute doppelte Punkte"
    served = german.get(look.logo_url)
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert "immutable" in served["Cache-Control"] and "max-age=31536000" in served["Cache-Control"]
    assert served.content == png()


@pytest.mark.parametrize(
    ("data", "name", "words"),
    [
        (b"Dies ist kein Bild", "logo.png", "kein Bild"),
        (SCRIPTED_SVG, "logo.svg", "SVG"),
        (b'<?xml version="1.0"?>\n' + SCRIPTED_SVG, "logo.png", "SVG"),
        (png(4001, 10), "breit.png", "4001×10"),
        (png_header_only(100_000, 100_000), "bombe.png", "zu viele Pixel"),
        (png()[:60], "abgeschnitten.png", "kein Bild"),
        (b"GIF89a" + b"\0" * 40, "logo.gif", "kein Bild"),
    ],
)
def test_a_file_that_is_no_logo_is_refused_with_words_beside_the_field_and_nothing_changes(german, data, name, words):
    post(german, logo=png(colour="blue"), chips="25 weiß")
    before = list(ClubClock.objects.values())
    response = post(german, logo=data, name=name, chips="500 schwarz")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["logo"] and words in errors["logo"][0]
    assert words in response.content.decode()
    assert list(ClubClock.objects.values()) == before


def test_a_logo_over_two_megabytes_is_refused_without_being_read(german):
    response = post(german, logo=b"\0" * (MAX_BYTES + 1))
    assert "größer als 2 MB" in response.context["form"].errors["logo"][0]
    assert not ClubClock.objects.exists()


@pytest.mark.parametrize(
    ("chips", "words"),
    [
        ("25 glitzer", "Zeile 1: „glitzer“"),
        ("25 weiß\n25 rot", "Zeile 2: Es gibt schon einen Jeton zu 25"),
        ("0 weiß", "Zeile 1"),
    ],
)
def test_a_chip_line_that_breaks_a_rule_is_named_in_german_and_nothing_changes(german, chips, words):
    response = post(german, logo=png(), chips=chips)
    assert response.status_code == 200
    assert words in response.context["form"].errors["chips"][0]
    assert not ClubClock.objects.exists()


def test_the_errors_are_in_english_for_an_english_browser(organizer_client):
    organizer_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = post(organizer_client, logo=SCRIPTED_SVG, name="logo.svg", chips="5 sparkly")
    errors = response.context["form"].errors
    assert "SVG drawings are not taken" in errors["logo"][0]
    assert "Line 1: “sparkly” is not a colour" in errors["chips"][0]


def test_the_logo_can_be_removed_and_its_address_then_answers_404(german):
    post(german, logo=png())
    url = club.club_look().logo_url
    post(german, remove_logo="on")
    assert club.club_look().logo_url == ""
    assert german.get(url).status_code == 404


def test_saving_without_a_new_file_keeps_the_logo(german):
    post(german, logo=png())
    url = club.club_look().logo_url
    post(german, chips="5 rot")
    assert club.club_look().logo_url == url


def test_without_a_saved_row_the_clock_shows_what_it_always_showed():
    look = club.club_look()
    assert look.figures == DEFAULT_FIGURES and "average_bb" not in look.figures
    assert not look.logo_url and not look.chips and not look.prize_line


def test_only_an_organizer_sees_or_changes_the_club_clock(client):
    assert client.get(reverse("club_clock")).status_code == 302
    post(client, logo=png())
    assert not ClubClock.objects.exists()


def test_the_logo_is_in_the_backup(german):
    from league.backup.dump import backup_text

    post(german, logo=png())
    assert '"tournaments.clubclock"' in backup_text()


def test_the_logo_comes_back_whole_from_a_backup(german):
    import json

    from django.core import serializers

    from league.backup.dump import backup_text
    from league.backup.rows import row_problems

    post(german, logo=png(), chips="25 weiß")
    objects = json.loads(backup_text())["objects"]
    assert row_problems(objects) == []
    mine = [obj for obj in objects if obj["model"] == "tournaments.clubclock"]
    ClubClock.objects.all().delete()
    for row in serializers.deserialize("python", mine):  # as league/backup/load.py reads them
        row.save()
    assert bytes(ClubClock.objects.get().logo) == png()
    assert german.get(club.club_look().logo_url).content == png()
