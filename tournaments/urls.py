from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.night.urls")),
    path("", include("tournaments.night.late_urls")),
    path("", include("tournaments.clock.urls")),
    path("", include("tournaments.hands.urls")),
    path("", include("live.rail.urls")),
]
