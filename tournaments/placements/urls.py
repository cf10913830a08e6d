"""A table's finishing order: the organizer's correction of one place, and a paper table's results."""
from django.urls import path

from tournaments.placements import views

urlpatterns = [
    path("placements/<int:placement_id>/correct/", views.correct_placement, name="placement_correct"),
    path("tables/<int:table_id>/results/", views.table_results, name="table_results"),
]
