"""The cash book under /organizer/: the book and its exports, other lines and reversals, a night's cash."""

from django.urls import path

from league.cashbook import views

urlpatterns = [
    path("organizer/cash/", views.cash_book, name="cash_book"),
    path("organizer/cash/export.csv", views.cash_book_csv, name="cash_book_csv"),
    path("organizer/cash/export.pdf", views.cash_book_pdf, name="cash_book_pdf"),
    path("organizer/cash/lines/<slug:ref>/reverse/", views.cash_line_reverse, name="cash_line_reverse"),
    path("organizer/seasons/<int:season_id>/cash/new/", views.cash_line_new, name="cash_line_new"),
    path("organizer/nights/<int:night_id>/cash/", views.night_cash, name="night_cash"),
    path("organizer/nights/<int:night_id>/cash/reopen/", views.night_cash_reopen, name="night_cash_reopen"),
    path("organizer/nights/<int:night_id>/cash.pdf", views.night_cash_pdf, name="night_cash_pdf"),
]
