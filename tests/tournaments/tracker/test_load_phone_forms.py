"""The load benchmark's phone reads any answer's forms, not one template's markup (tests/benchmarks/support/phone_client.py).

A smaller answer (only the action bar, attributes in another order, single quotes, a form posting
elsewhere) must still give the next taps, so `python -m tests.benchmarks.load` keeps measuring
when the tracker's answer changes shape.
"""

from __future__ import annotations

from tests.benchmarks.support.phone_client import DealerPhone, error_shown, tap_options

FRAGMENT = """
<section id='actionbar'>
  <form hx-post="/dealer/abc/" class="big-buttons">
    <input value="act" type="hidden" name="op"><input name="version" type='hidden' value='v2'>
    <input type="hidden" name="seat" value="7">
    <button value="fold" name="verb" class="danger">Passen</button>
    <button name="verb" value="call">Mitgehen 100</button>
    <button name="verb" value="check" disabled>Schieben</button>
  </form>
  <form method="post" hx-post="/dealer/abc/" class="typed">
    <input type="hidden" name="op" value="act"><input type="hidden" name="version" value="v2">
    <input name="to" type="text" required><button>Erhöhen</button>
  </form>
  <form method="post" action="/elsewhere/"><input type="hidden" name="op" value="undo">
    <input type="hidden" name="version" value="v2"><button class="secondary">Rückgängig</button></form>
  <form method="get" action="/search/"><input name="q"><button>Suchen</button></form>
</section>
"""

AWARD = """
<form method="post" hx-post="/dealer/abc/" class="stack">
  <input type="hidden" name="op" value="award"><input type="hidden" name="version" value="v3"><input type="hidden" name="pots" value="2">
  <label><input type="checkbox" name="pot0" value="Anna"> Anna</label><label><input type="checkbox" name="pot0" value="Ben"> Ben</label>
  <label><input type="checkbox" name="pot1" value="Ben"> Ben</label>
  <button class="primary wide">Pots vergeben</button>
</form>
"""


def test_it_reads_every_enabled_button_of_every_post_form_whatever_the_markup_order():
    options = tap_options(FRAGMENT, "/dealer/abc/")

    sent = sorted((o.path, o.get("op"), o.get("verb")) for o in options)
    # Not the disabled check, not the typed amount left empty, not the GET search form.
    assert sent == [("/dealer/abc/", "act", "call"), ("/dealer/abc/", "act", "fold"), ("/elsewhere/", "undo", None)]
    fold = next(o for o in options if o.get("verb") == "fold")
    assert fold.fields == (("op", "act"), ("version", "v2"), ("seat", "7"), ("verb", "fold"))


def test_the_phone_taps_only_play_inputs_and_ticks_one_winner_per_pot():
    phone = DealerPhone("http://127.0.0.1:1", "abc", seed=1)
    phone.status = 200
    phone.html = FRAGMENT
    for _ in range(20):
        assert phone.choose().get("verb") in {"fold", "call"}  # never the undo
    assert phone.version == "v2"

    phone.html = AWARD
    award = phone.choose()
    fields = phone.fields_for(award)
    assert ("op", "award") in fields and ("pots", "2") in fields
    assert [name for name, _ in fields if name.startswith("pot") and name != "pots"] == ["pot0", "pot1"]
    assert dict(fields)["pot1"] == "Ben"


def test_a_refusal_is_found_in_the_messages_or_anywhere_else_it_is_shown():
    assert error_shown(
        '<div role="status"><ul class="messages"><li class="error">Der Tisch hat sich geändert – neu geladen.</li></ul></div>'
    ).startswith("Der Tisch")
    assert (
        error_shown('<p class="notice error">Too many taps at the same moment</p>')
        == "Too many taps at the same moment"
    )
    assert error_shown('<ul class="messages"><li class="success">Gespeichert</li></ul><form></form>') == ""
