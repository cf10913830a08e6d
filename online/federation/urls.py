"""The league server's addresses for venues' laptops (all under /league-link/) and the pages of the link."""

from __future__ import annotations

from django.urls import URLPattern, path

from online.federation import send_page, uploads, views

urlpatterns: list[URLPattern] = [
    # Joining and the pre-night fetch: the server's addresses for the laptops, and the organizers' pages.
    path("league-link/join/", views.join, name="league_link_join"),
    path("league-link/snapshot/", views.league_snapshot, name="league_link_snapshot"),
    path("organizer/league-link/", views.laptop, name="league_link"),
    path("organizer/league-link/fetch/", views.laptop_fetch, name="league_link_fetch"),
    path("organizer/league-link/venues/<int:venue_id>/", views.venue_laptops, name="league_link_venue"),
    path("organizer/league-link/laptops/<int:key_id>/revoke/", views.revoke_laptop, name="league_link_revoke"),
    # Sending a night: the server's resumable upload, and the laptop's button after "Abend beenden".
    path("league-link/nights/", uploads.announce, name="league_link_announce"),
    path("league-link/uploads/<str:token>/", uploads.piece, name="league_link_upload"),
    path("league-link/uploads/<str:token>/finish/", uploads.finish, name="league_link_finish"),
    path("organizer/nights/<int:night_id>/send/", send_page.send_night, name="league_send_night"),
]
