"""Results: standings, night results, player pages, statistics, the jackpot and its payout, placement sheets."""

from django.urls import path

from results.qualifiers import views as qualifiers
from results.views import exports, jackpot, merge, nights, payout, players, points, sheets, standings, statistics

urlpatterns = [
    # public
    path("standings/", standings.standings, name="standings"),
    path("nights/<int:night_id>/results/", nights.night_results, name="night_results"),
    path("players/<int:player_id>/", players.player_detail, name="player_detail"),
    path("jackpot/", jackpot.jackpot, name="jackpot"),
    path("statistics/", statistics.season_statistics, name="season_statistics"),
    path("seasons/<int:season_id>/standings.<str:fmt>", exports.season_standings_file, name="season_standings_file"),
    path("seasons/<int:season_id>/results.<str:fmt>", exports.season_results_file, name="season_results_file"),
    # organizers
    path("nights/<int:night_id>/jackpot/", jackpot.night_jackpot, name="night_jackpot"),
    path("tables/<int:table_id>/deposit/", jackpot.confirm_deposit, name="confirm_deposit"),
    path("seasons/<int:season_id>/jackpot/", jackpot.season_jackpot, name="season_jackpot"),
    path("seasons/<int:season_id>/venues/<int:venue_id>/jackpot/", jackpot.venue_jackpot, name="venue_jackpot"),
    path("seasons/<int:season_id>/jackpot.csv", jackpot.season_jackpot_csv, name="season_jackpot_csv"),
    path("seasons/<int:season_id>/jackpot.pdf", jackpot.season_jackpot_pdf, name="season_jackpot_pdf"),
    path("organizer/players/merge/", merge.merge_players, name="merge_players"),
    path("organizer/players/merge/confirm/", merge.merge_players_confirm, name="merge_players_confirm"),
    path("organizer/seasons/<int:season_id>/payout/", payout.season_payout, name="season_payout"),
    path("organizer/seasons/<int:season_id>/payout.pdf", payout.season_payout_pdf, name="season_payout_pdf"),
    path("organizer/seasons/<int:season_id>/qualifiers/", qualifiers.season_qualifiers, name="season_qualifiers"),
    path("seasons/<int:season_id>/points-scheme/", points.points_scheme, name="points_scheme"),
    path("seasons/<int:season_id>/points-scheme/preview/", points.points_scheme_preview, name="points_scheme_preview"),
    path("nights/<int:night_id>/sheets.pdf", sheets.night_sheets_pdf, name="night_sheets_pdf"),
    path("tables/<int:table_id>/sheet.pdf", sheets.table_sheet_pdf, name="table_sheet_pdf"),
]
