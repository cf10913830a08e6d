"""The home page, and the organizer's seasons and nights under /organizer/."""

from django.urls import path

from league.seasons import views

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("organizer/", views.organizer_home, name="organizer_home"),
    path("organizer/seasons/new/", views.season_create, name="season_create"),
    path("organizer/seasons/<int:season_id>/", views.season_edit, name="season_edit"),
    path("organizer/seasons/<int:season_id>/nights/new/", views.night_create, name="night_create"),
    path("organizer/nights/<int:night_id>/registration/", views.night_registration, name="night_registration"),
]
