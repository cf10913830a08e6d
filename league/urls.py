from django.urls import include, path

urlpatterns = [
    path("", include("league.seasons.urls")),
    path("", include("league.desk.urls")),
    path("", include("league.accounts.urls")),
    path("", include("league.cashbook.urls")),
    path("", include("league.roster.urls")),
    path("", include("league.venues.urls")),
]
