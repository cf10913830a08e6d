"""A finished table's hands (public replayer) and the hand-history downloads (PHH, OHH)."""

from django.urls import path

from tournaments.hands import views as hands

urlpatterns = [
    path("tables/<int:table_id>/replays/", hands.hand_list, name="hand_list"),
    path("tables/<int:table_id>/replays/<int:number>/", hands.hand_replay, name="hand_replay"),
    path("tables/<int:table_id>/hands.<str:fmt>", hands.table_hands_file, name="table_hands_file"),
    path("nights/<int:night_id>/hands.<str:fmt>", hands.night_hands_file, name="night_hands_file"),
    path("players/<int:player_id>/hands.<str:fmt>", hands.player_hands_file, name="player_hands_file"),
]
