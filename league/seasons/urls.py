"""Organizer pages under /organizer/: seasons, nights, accounts."""
from django.urls import include, path

from league.seasons import views

urlpatterns = [
    path("", views.organizer_home, name="organizer_home"),
    path("seasons/new/", views.season_create, name="season_create"),
    path("seasons/<int:season_id>/", views.season_edit, name="season_edit"),
    path("seasons/<int:season_id>/nights/new/", views.night_create, name="night_create"),
    path("nights/<int:night_id>/registration/", views.night_registration, name="night_registration"),
    path("nights/<int:night_id>/finish/", views.night_finish, name="night_finish"),
    path("accounts/new/", views.organizer_add, name="organizer_add"),
    path("logins/", views.locked_logins, name="locked_logins"),
    path("logins/<int:attempt_id>/unlock/", views.unlock_login, name="unlock_login"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("", include("league.cashbook.urls")),
]
