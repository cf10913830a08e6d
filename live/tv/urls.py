"""The pub's TV: the clock page, its state, pulse and event stream, and its other screens; the named TVs'."""

from django.urls import path

from live.tv import displays, views

urlpatterns = [
    path("nights/<int:night_id>/clock/", views.clock_tv, name="clock_tv"),
    path("nights/<int:night_id>/clock/state.json", views.clock_state, name="clock_state"),
    path("nights/<int:night_id>/clock/pulse", views.clock_pulse, name="clock_pulse"),
    path("nights/<int:night_id>/clock/events", views.clock_events, name="clock_events"),
    path("nights/<int:night_id>/clock/screens/", views.tv_screens, name="tv_screens"),
    path("tv/<slug:key>/", displays.display_tv, name="display_tv"),
    path("tv/<slug:key>/state.json", displays.display_state, name="display_state"),
    path("tv/<slug:key>/pulse", displays.display_pulse, name="display_pulse"),
    path("tv/<slug:key>/events", displays.display_events, name="display_events"),
    path("club/logo/<slug:digest>.<slug:extension>", views.club_logo, name="club_logo"),
]
