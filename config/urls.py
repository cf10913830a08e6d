from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from league.desk import views

urlpatterns = [
    path("", views.home, name="home"),
    path("nights/<int:night_id>/desk/", views.registration_desk, name="registration_desk"),
    path("nights/<int:night_id>/desk/register/", views.register_existing, name="desk_register"),
    path("nights/<int:night_id>/desk/new-player/", views.register_new, name="desk_new_player"),
    path("entries/<int:entry_id>/fee/", views.take_fee, name="entry_take_fee"),
    path("entries/<int:entry_id>/withdraw/", views.withdraw_entry, name="entry_withdraw"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("organizer/", include("league.seasons.urls")),
    path("", include("tournaments.urls")),
    path("", include("housegames.urls")),
    path("", include("results.urls")),
    path("admin/", admin.site.urls),
]
