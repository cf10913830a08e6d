"""The league online: its public pages published as a static website (`manage.py publish`, the organizer's
"Veröffentlichen"), and what a server on the internet needs (`manage.py serve`, the health endpoint, the
deployment checks), and the league link of venues that play offline (`federation`: a venue's laptop
joined to the league's server, the nights it sends; its rows in `models`). It reads every app's pages through the server's own views, so it sits on top of them,
beside `demo`, and nothing imports it."""
