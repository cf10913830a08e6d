from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.tonight.urls")),
    path("", include("tournaments.floor.urls")),
    path("", include("tournaments.qr.urls")),
    path("", include("tournaments.tracker.urls")),
    path("", include("tournaments.placements.urls")),
    path("", include("tournaments.clock.urls")),
    path("", include("tournaments.hands.urls")),
]
