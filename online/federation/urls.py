"""The league server's addresses for venues' laptops (all under /league-link/) and the pages of the link."""

from __future__ import annotations

from django.urls import URLPattern, path

from online.federation import send_page, uploads

urlpatterns: list[URLPattern] = [
    # Sending a night: the server's resumable upload, and the laptop's button after "Abend beenden".
    path("league-link/nights/", uploads.announce, name="league_link_announce"),
    path("league-link/uploads/<str:token>/", uploads.piece, name="league_link_upload"),
    path("league-link/uploads/<str:token>/finish/", uploads.finish, name="league_link_finish"),
    path("organizer/nights/<int:night_id>/send/", send_page.send_night, name="league_send_night"),
]
