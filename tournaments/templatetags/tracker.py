"""{% load tracker %}: the dealer's page, the hand history and the replayer draw their seat rows, action bar and
labels with these. They are written in Python (tournaments/tracker/rows.py, actionbar.py, labels.py) because
they are drawn after nearly every tap; the template loops they replaced cost several times as much."""
from django import template

from tournaments.tracker import actionbar, labels, rows

register = template.Library()
register.filter("badge_label", labels.badge_label)
register.filter("street_label", labels.street_label)
register.filter("step_text", labels.step_text)
register.filter("seat_rows", rows.seat_rows)
register.simple_tag(actionbar.betting_bar, takes_context=True)
