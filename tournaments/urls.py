from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.urls_night")),
    path("", include("tournaments.urls_late")),
    path("", include("tournaments.urls_clock")),
    path("", include("tournaments.urls_hands")),
    path("", include("tournaments.urls_rail")),
]
