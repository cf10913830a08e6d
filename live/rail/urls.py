from django.urls import path

from live.rail import views as rail

urlpatterns = [
    path("nights/<int:night_id>/rail/", rail.night_rail, name="night_rail"),
    path("nights/<int:night_id>/rail/pulse", rail.night_rail_pulse, name="night_rail_pulse"),
    path("nights/<int:night_id>/rail/events", rail.night_rail_events, name="night_rail_events"),
    path("tables/<int:table_id>/rail/", rail.table_rail, name="table_rail"),
    path("tables/<int:table_id>/rail/pulse", rail.table_rail_pulse, name="table_rail_pulse"),
    path("tables/<int:table_id>/rail/events", rail.table_rail_events, name="table_rail_events"),
]
