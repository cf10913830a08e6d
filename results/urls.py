"""Results: standings, night results, player pages, the jackpot, placement sheets and paper results."""
from django.urls import path

from results.views import sheets as table_results

from results.views import standings as views
from results.views import statistics as views_statistics

urlpatterns = [
    # public
    path("standings/", views.standings, name="standings"),
    path("nights/<int:night_id>/results/", views.night_results, name="night_results"),
    path("players/<int:player_id>/", views.player_detail, name="player_detail"),
    path("jackpot/", views.jackpot, name="jackpot"),
    path("statistics/", views_statistics.season_statistics, name="season_statistics"),
    # organizers
    path("nights/<int:night_id>/jackpot/", views.night_jackpot, name="night_jackpot"),
    path("tables/<int:table_id>/deposit/", views.confirm_deposit, name="confirm_deposit"),
    path("seasons/<int:season_id>/jackpot/", views.season_jackpot, name="season_jackpot"),
    path("seasons/<int:season_id>/jackpot.csv", views.season_jackpot_csv, name="season_jackpot_csv"),
    path("seasons/<int:season_id>/jackpot.pdf", views.season_jackpot_pdf, name="season_jackpot_pdf"),
    path("seasons/<int:season_id>/points-scheme/", views.points_scheme, name="points_scheme"),
    path("nights/<int:night_id>/sheets.pdf", table_results.night_sheets_pdf, name="night_sheets_pdf"),
    path("tables/<int:table_id>/sheet.pdf", table_results.table_sheet_pdf, name="table_sheet_pdf"),
    path("tables/<int:table_id>/results/", table_results.table_results, name="table_results"),
]
