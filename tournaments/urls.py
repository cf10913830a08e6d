from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.tracker.urls")),  # first: the dealers' taps (config/urls.py)
    path("", include("tournaments.tonight.urls")),
    path("", include("tournaments.floor.urls")),
    path("", include("tournaments.qr.urls")),
    path("", include("tournaments.placements.urls")),
    path("", include("tournaments.clock.urls")),
    path("", include("tournaments.hands.urls")),
]
