"""The rail: a night's tables and one table as they play, for phones, with their pulse and event streams."""

from django.urls import path

from live.rail import views

urlpatterns = [
    path("nights/<int:night_id>/rail/", views.night_rail, name="night_rail"),
    path("nights/<int:night_id>/rail/pulse", views.night_rail_pulse, name="night_rail_pulse"),
    path("nights/<int:night_id>/rail/events", views.night_rail_events, name="night_rail_events"),
    path("tables/<int:table_id>/rail/", views.table_rail, name="table_rail"),
    path("tables/<int:table_id>/rail/pulse", views.table_rail_pulse, name="table_rail_pulse"),
    path("tables/<int:table_id>/rail/events", views.table_rail_events, name="table_rail_events"),
]
