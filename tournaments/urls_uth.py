from django.urls import path

from tournaments.views import uth

urlpatterns = [
    path("", uth.uth_table, name="uth_table"),
    path("slip/", uth.uth_slip, name="uth_slip"),
    path("deal/", uth.uth_deal, name="uth_deal"),
    path("top-up/", uth.uth_top_up, name="uth_top_up"),
    path("rounds/<int:round_id>/", uth.uth_round, name="uth_round"),
    path("rounds/<int:round_id>/decide/", uth.uth_decide, name="uth_decide"),
    path("calculator/", uth.uth_calculator, name="uth_calculator"),
]
