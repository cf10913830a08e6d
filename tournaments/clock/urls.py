"""The organizers' controls of the night's blind clock, and a season's blind structure (the TV is in live/tv/)."""

from django.urls import path

from tournaments.clock import views

urlpatterns = [
    path("organizer/seasons/<int:season_id>/blinds/", views.blind_structure, name="blind_structure"),
    path("organizer/seasons/<int:season_id>/blinds.csv", views.blind_structure_file, name="blind_structure_file"),
    path("organizer/clock/", views.club_clock, name="club_clock"),
    path("nights/<int:night_id>/clock/control/", views.clock_control_page, name="clock_control"),
    # "tv", "breaks" and "tvs" before the <slug:action> that would take them too
    path("nights/<int:night_id>/clock/control/tv/", views.clock_tv_settings, name="clock_tv_settings"),
    path("nights/<int:night_id>/clock/control/breaks/", views.clock_breaks, name="clock_breaks"),
    path("nights/<int:night_id>/clock/control/tvs/", views.display_add, name="display_add"),
    path("nights/<int:night_id>/clock/control/tvs/<int:display_id>/", views.display_change, name="display_change"),
    path(
        "nights/<int:night_id>/clock/control/tvs/<int:display_id>/remove/",
        views.display_remove,
        name="display_remove",
    ),
    path("nights/<int:night_id>/clock/control/<slug:action>/", views.clock_act, name="clock_act"),
]
