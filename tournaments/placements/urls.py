"""A table's finishing order: the organizer's correction of one place, a paper table's results, and a tracked
table switched to paper; past nights from a file."""

from django.urls import path

from tournaments.placements import views

urlpatterns = [
    path("placements/<int:placement_id>/correct/", views.correct_placement, name="placement_correct"),
    path("tables/<int:table_id>/results/", views.table_results, name="table_results"),
    path("tables/<int:table_id>/paper/", views.paper_switch, name="paper_switch"),
    path("organizer/seasons/<int:season_id>/past-nights/", views.import_past_nights, name="import_past_nights"),
]
