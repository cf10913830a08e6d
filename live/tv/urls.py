"""The pub's TV: the clock page, its state, pulse and event stream, and its other screens."""

from django.urls import path

from live.tv import views

urlpatterns = [
    path("nights/<int:night_id>/clock/", views.clock_tv, name="clock_tv"),
    path("nights/<int:night_id>/clock/state.json", views.clock_state, name="clock_state"),
    path("nights/<int:night_id>/clock/pulse", views.clock_pulse, name="clock_pulse"),
    path("nights/<int:night_id>/clock/events", views.clock_events, name="clock_events"),
    path("nights/<int:night_id>/clock/screens/", views.tv_screens, name="tv_screens"),
    path("club/logo/<slug:digest>.<slug:extension>", views.club_logo, name="club_logo"),
]
