"""The dealer's phone page for one table (by the table's secret link, or the organizer's), and its hands."""

from django.urls import path

from tournaments.tracker import views

urlpatterns = [
    path("tables/<int:table_id>/track/", views.tracker_page, name="organizer_tracker"),
    path("dealer/<str:token>/", views.tracker_page, name="dealer_tracker"),
    path("dealer/<str:token>/revision", views.tracker_revision, name="dealer_tracker_revision"),
    path("tables/<int:table_id>/track/revision", views.tracker_revision, name="organizer_tracker_revision"),
    path("dealer/<str:token>/clock", views.tracker_clock_version, name="dealer_tracker_clock"),
    path("tables/<int:table_id>/track/clock", views.tracker_clock_version, name="organizer_tracker_clock"),
    path("tables/<int:table_id>/hands/", views.hand_history, name="hand_history"),
    path("tables/<int:table_id>/hands/<int:number>.json", views.hand_json, name="hand_json"),
]
