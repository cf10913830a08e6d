"""The organizer's player list: export and import."""

from django.urls import path

from league.roster import views

urlpatterns = [
    path("organizer/players/", views.player_list, name="player_list"),
    path("organizer/players/export.csv", views.players_csv, name="players_csv"),
    path("organizer/players/export.ods", views.players_ods, name="players_ods"),
    path("organizer/players/export.xlsx", views.players_xlsx, name="players_xlsx"),
    path("organizer/players/import/", views.players_import, name="players_import"),
]
