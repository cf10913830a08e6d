"""The registration desk of a night: find or add a player, register, take the fee, withdraw."""

from django.urls import path

from league.desk import views

urlpatterns = [
    path("nights/<int:night_id>/desk/", views.registration_desk, name="registration_desk"),
    path("nights/<int:night_id>/desk/register/", views.register_existing, name="desk_register"),
    path("nights/<int:night_id>/desk/new-player/", views.register_new, name="desk_new_player"),
    path("entries/<int:entry_id>/fee/", views.take_fee, name="entry_take_fee"),
    path("entries/<int:entry_id>/withdraw/", views.withdraw_entry, name="entry_withdraw"),
]
