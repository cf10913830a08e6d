from django.urls import path

from tournaments.clock import views as clock

urlpatterns = [
    path("nights/<int:night_id>/clock/", clock.clock_tv, name="clock_tv"),
    path("nights/<int:night_id>/clock/state.json", clock.clock_state, name="clock_state"),
    path("nights/<int:night_id>/clock/pulse", clock.clock_pulse, name="clock_pulse"),
    path("nights/<int:night_id>/clock/events", clock.clock_events, name="clock_events"),
    path("nights/<int:night_id>/clock/screens/", clock.tv_screens, name="tv_screens"),
    path("nights/<int:night_id>/clock/control/", clock.clock_control_page, name="clock_control"),
    path("nights/<int:night_id>/clock/control/tv/", clock.clock_tv_settings, name="clock_tv_settings"),
    path("nights/<int:night_id>/clock/control/breaks/", clock.clock_breaks, name="clock_breaks"),
    path("nights/<int:night_id>/clock/control/<slug:action>/", clock.clock_act, name="clock_act"),
]
