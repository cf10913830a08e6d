from django.urls import include, path

from housegames.views import imperial, uth

uth_patterns = [
    path("", uth.uth_table, name="uth_table"),
    path("slip/", uth.uth_slip, name="uth_slip"),
    path("deal/", uth.uth_deal, name="uth_deal"),
    path("top-up/", uth.uth_top_up, name="uth_top_up"),
    path("rounds/<int:round_id>/", uth.uth_round, name="uth_round"),
    path("rounds/<int:round_id>/decide/", uth.uth_decide, name="uth_decide"),
    path("rounds/<int:round_id>/abort/", uth.uth_abort, name="uth_abort"),
    path("calculator/", uth.uth_calculator, name="uth_calculator"),
]

imperial_patterns = [
    path("", imperial.imperial_table, name="imperial_table"),
    path("slip/", imperial.imperial_slip, name="imperial_slip"),
    path("deal/", imperial.imperial_deal, name="imperial_deal"),
    path("rounds/<int:round_id>/", imperial.imperial_round, name="imperial_round"),
    path("rounds/<int:round_id>/act/", imperial.imperial_act, name="imperial_act"),
]

urlpatterns = [
    path("uth/", include(uth_patterns)),
    path("imperial/", include(imperial_patterns)),
]
