"""The organizer's "Veröffentlichen": offered on a finished night's results, run in the background, its
progress and a clear message when the destination cannot be reached."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from online import views
from online.publish import status
from tests.evening import build_evening
from tournaments.floor.services import finish_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def test_a_finished_night_offers_publishing_when_a_destination_is_set(organizer_client, organizer, settings, data_dir):
    evening = build_evening(organizer)
    url = f"/nights/{evening.played.pk}/results/"
    settings.PUBLISH_TO = ""
    assert "Veröffentlichen" not in organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    settings.PUBLISH_TO = str(data_dir / "site")
    finish_night(night=evening.played, confirm_unfinished=True)
    assert "Veröffentlichen" in organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert (
        "Veröffentlichen"
        not in organizer_client.get(
            f"/nights/{evening.tonight.pk}/results/", HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
    )


def test_publishing_starts_in_the_background_and_the_page_returns_at_once(
    organizer_client, settings, data_dir, monkeypatch
):
    settings.PUBLISH_TO = str(data_dir / "site")
    started = []
    monkeypatch.setattr(views.subprocess, "Popen", lambda command, **kwargs: started.append((command, kwargs)))
    response = organizer_client.post("/organizer/publish/")
    assert response.status_code == 302 and response["Location"] == "/organizer/publish/"
    ((command, kwargs),) = started
    assert command[-2:] == ["publish", "--status"] and kwargs["start_new_session"] is True
    page = organizer_client.get("/organizer/publish/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wird gestartet" in page and 'hx-trigger="every 2s"' in page


def test_without_a_destination_nothing_starts_and_the_page_says_why(organizer_client, settings, data_dir, monkeypatch):
    settings.PUBLISH_TO = ""
    monkeypatch.setattr(views.subprocess, "Popen", lambda *a, **k: pytest.fail("nothing may start"))
    page = organizer_client.post("/organizer/publish/", follow=True, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Es ist kein Ziel eingestellt" in page


def test_an_unreachable_destination_is_a_clear_message_on_the_page(
    organizer_client, settings, data_dir, tmp_path, monkeypatch
):
    known = tmp_path / "known_hosts"
    known.write_text("")
    monkeypatch.setenv("PUBLISH_KNOWN_HOSTS", str(known))
    monkeypatch.setenv("PUBLISH_SSH_PASSWORD", "x")
    settings.PUBLISH_TO = "sftp://league@127.0.0.1:9/srv/www"  # the discard port: nobody answers
    with pytest.raises(CommandError):
        call_command("publish", keep_status=True, stdout=io.StringIO(), jobs=1)
    assert status.read_status()["state"] == "failed"
    page = organizer_client.get("/organizer/publish/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Nicht veröffentlicht:" in page and "ist nicht erreichbar" in page
    assert "In der Kneipe hängt nichts davon ab" in page


def test_the_command_keeps_its_progress_and_summary_for_the_page(organizer_client, organizer, settings, data_dir):
    build_evening(organizer)
    call_command("publish", to=str(data_dir / "site"), keep_status=True, stdout=io.StringIO(), jobs=1)
    kept = status.read_status()
    assert kept["state"] == "done" and kept["files"] > 40 and kept["removed"] == 0
    page = organizer_client.get("/organizer/publish/progress/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Veröffentlicht: {kept['files']} Dateien gesendet" in page and "hx-trigger" not in page


def test_only_organizers_reach_the_publishing_page(client):
    assert client.get("/organizer/publish/").status_code == 302
    assert client.post("/organizer/publish/").status_code == 302
