"""The league's venues (pubs) as organizer pages use them: `device.py`, which venue this device works for (the
night form's preselected venue) and the venues an organizer may choose from; `services.py`, saving and deleting a
venue, moving a night to another venue, holding an organizer to his venues; `context.py`, what every page may
say of them (read only when a template asks); `forms.py`, `views.py` and `urls.py`, the league organizers'
venues page, the device's choice and a night's move. The venues' rows are
`league/models/venues.py`; who may open which night's pages is `league/access.py`."""
