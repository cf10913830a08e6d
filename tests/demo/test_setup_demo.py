import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.http import HttpRequest

from demo.management.commands import setup_demo
from league.models import Entry, Night, Player, Season
from tournaments.models import Placement


def _run() -> str:
    out = io.StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_demo_can_be_set_up_twice_keeping_its_data_and_login(tmp_path, monkeypatch):
    monkeypatch.setattr(setup_demo, "LOGIN_FILE", tmp_path / "login")
    first = _run()
    counts = (Season.objects.count(), Player.objects.count(), Night.objects.count(), Entry.objects.count())
    second = _run()
    assert counts == (Season.objects.count(), Player.objects.count(), Night.objects.count(), Entry.objects.count())
    assert Player.objects.count() == 24 and Placement.objects.exists()
    password = first.split("Organizer login: organizer / ")[1].split()[0]
    assert f"organizer / {password}" in second
    user = authenticate(HttpRequest(), username="organizer", password=password)  # django-axes needs the request
    assert user is not None and user.is_staff
