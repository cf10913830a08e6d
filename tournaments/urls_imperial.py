from django.urls import path

from tournaments.views import imperial

urlpatterns = [
    path("", imperial.imperial_table, name="imperial_table"),
    path("slip/", imperial.imperial_slip, name="imperial_slip"),
    path("deal/", imperial.imperial_deal, name="imperial_deal"),
    path("rounds/<int:round_id>/", imperial.imperial_round, name="imperial_round"),
    path("rounds/<int:round_id>/act/", imperial.imperial_act, name="imperial_act"),
]
