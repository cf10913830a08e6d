"""Every app's pages: the league (desk, seasons, accounts, cash book), the night's play, its live screens, the
house games, the results, the demo, and the league online (publishing, the health endpoint). Each app lists its own paths; none of them overlaps another's."""

from django.contrib import admin
from django.urls import include, path

# The night's play first: the dealers' taps are most of the requests at the venue, and the resolver tries
# the patterns in order (the tracker's come first inside tournaments.urls too).
urlpatterns = [
    path("", include("tournaments.urls")),
    path("", include("league.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("live.urls")),
    path("", include("housegames.urls")),
    path("", include("results.urls")),
    path("", include("demo.urls")),
    path("", include("online.urls")),
    path("admin/", admin.site.urls),
]
