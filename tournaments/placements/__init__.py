"""A table's finishing order after play: the organizer's correction of one place (with its reason, logged), and
the results of a table played on paper, typed from its signed placement sheet, and a tracked table switched to paper
when its phone dies (`switch.py`), and a season's past nights from a file (`history.py`, its refusals in the
organizer's words in `refusals.py`)."""
