"""The league's venues (pubs) as organizer pages use them: `device.py`, which venue this device works for (the
night form's preselected venue) and the venues an organizer may choose from; `services.py`, deleting a
venue, moving a night to another venue, holding an organizer to his venues. The venues' rows are
`league/models/venues.py`; who may open which night's pages is `league/access.py`."""
