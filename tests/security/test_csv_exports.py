"""Every CSV export is safe to open: formula cells neutralized, semicolon + BOM for German Excel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from league.models import Player
from tests.evening import build_evening

FORMULA = '=HYPERLINK("http://x","click")'


def test_every_view_that_answers_csv_builds_it_with_csv_safe():
    apps = ("league", "tournaments", "results", "live", "housegames")
    sources = [
        p
        for app in apps
        for p in (Path(settings.BASE_DIR) / app).rglob("*.py")
        if ("text/csv" in (text := p.read_text(encoding="utf-8")) or "csv_attachment(" in text)
        # league/web/downloads.py only names the type of what its callers built
        and "def csv_attachment(" not in text
    ]
    assert sources, "no CSV export found"
    root = Path(settings.BASE_DIR)
    for path in sources:
        text = path.read_text(encoding="utf-8")
        # The file builds the CSV itself, or a module of the project it imports does (a format's own module).
        imported = [
            root / f"{package.replace('.', '/')}/{name.strip()}.py"
            for package, names in re.findall(r"^from ([\w.]+) import ([\w, ]+)$", text, re.M)
            for name in names.split(",")
        ]
        builders = [text] + [module.read_text(encoding="utf-8") for module in imported if module.is_file()]
        assert any("safe_csv(" in builder for builder in builders), path
        assert not re.search(r"csv\.writer\(", text), path


@pytest.mark.django_db
def test_a_player_named_like_a_formula_is_text_in_the_jackpot_and_cash_book_csv(organizer_client, organizer):
    evening = build_evening(organizer)
    Player.objects.filter(pk=evening.placement.seat.entry.player_id).update(name=FORMULA)
    for url in (reverse("season_jackpot_csv", args=[evening.season.pk]), reverse("cash_book_csv") + "?lang=de"):
        content = organizer_client.get(url).content.decode("utf-8")
        assert content.startswith("\ufeff")
        cells = [cell for line in content.splitlines() for cell in line.split(";")]
        assert not any(cell.lstrip('"').startswith("=") for cell in cells), url
    jackpot = organizer_client.get(reverse("season_jackpot_csv", args=[evening.season.pk])).content.decode("utf-8")
    assert "'=HYPERLINK" in jackpot
