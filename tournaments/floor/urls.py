"""The night before and around play: the seating, walk-ins and late entries, tables and their first dealer, finishing."""

from django.urls import path

from tournaments.floor import views

urlpatterns = [
    path("nights/<int:night_id>/seating/", views.seating, name="seating"),
    path("nights/<int:night_id>/seating/draw/", views.draw_seating, name="seating_draw"),
    path("nights/<int:night_id>/late-entry/", views.late_entry, name="late_entry"),
    path("tables/<int:table_id>/", views.table_detail, name="table_detail"),
    path("tables/<int:table_id>/first-dealer/", views.first_dealer, name="first_dealer"),
    path("tables/<int:table_id>/dealer-link/revoke/", views.revoke_dealer_link, name="revoke_dealer_link"),
    path("nights/<int:night_id>/walk-in/", views.walk_in, name="walk_in"),
    path("nights/<int:night_id>/way-on/", views.way_on, name="way_on"),
    path("entries/<int:entry_id>/pay-and-seat/", views.pay_and_seat, name="entry_pay_and_seat"),
    path("entries/<int:entry_id>/withdraw-unseated/", views.withdraw_unseated, name="entry_withdraw_unseated"),
    path("organizer/nights/<int:night_id>/finish/", views.night_finish, name="night_finish"),
]
