"""After the draw: walk-ins and the entries the draw left unseated."""
from django.urls import path

from tournaments.night import late_views as late

urlpatterns = [
    path("nights/<int:night_id>/walk-in/", late.walk_in, name="walk_in"),
    path("entries/<int:entry_id>/pay-and-seat/", late.pay_and_seat, name="entry_pay_and_seat"),
    path("entries/<int:entry_id>/withdraw-unseated/", late.withdraw_unseated, name="entry_withdraw_unseated"),
]
