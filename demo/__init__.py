"""The demo league: `manage.py setup_demo` fills an empty database with a season that shows every part of the
app (registrations, a played night with results and deposits, the next night open at the desk). It sits on
top of the other apps because it uses all of them, and nothing imports it. `removal` takes the demo away
in one step."""
