"""The rail and the TV follow the night through one live-update client (static/js/live.js)."""

from __future__ import annotations

from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"


def test_only_the_shared_client_opens_an_event_stream():
    opening = sorted(path.name for path in JS.glob("*.js") if "new EventSource(" in path.read_text(encoding="utf-8"))
    assert opening == ["live.js"]


def test_the_pages_that_follow_a_stream_load_the_shared_client_first():
    templates = Path(__file__).resolve().parents[2] / "templates" / "live"
    for name in ("rail/table.html", "rail/night.html", "tv/tv.html"):
        text = (templates / name).read_text(encoding="utf-8")
        assert "js/live.js" in text and text.index("js/live.js") < text.index("js/rail.js"), name
