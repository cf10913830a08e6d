"""The cash book under /organizer/: the book and its exports, nights' cash, the season payout."""
from django.urls import path

from league.cashbook import views

urlpatterns = [
    path("cash/", views.cash_book, name="cash_book"),
    path("cash/export.csv", views.cash_book_csv, name="cash_book_csv"),
    path("cash/export.pdf", views.cash_book_pdf, name="cash_book_pdf"),
    path("cash/lines/<slug:ref>/reverse/", views.cash_line_reverse, name="cash_line_reverse"),
    path("seasons/<int:season_id>/cash/new/", views.cash_line_new, name="cash_line_new"),
    path("seasons/<int:season_id>/payout/", views.season_payout, name="season_payout"),
    path("seasons/<int:season_id>/payout.pdf", views.season_payout_pdf, name="season_payout_pdf"),
    path("nights/<int:night_id>/cash/", views.night_cash, name="night_cash"),
    path("nights/<int:night_id>/cash.pdf", views.night_cash_pdf, name="night_cash_pdf"),
]
