"""Signing in and out, and the organizer's accounts: a new organizer, locked logins, the password."""

from django.contrib.auth import views as auth_views
from django.urls import path

from league.accounts import views

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("organizer/accounts/new/", views.organizer_add, name="organizer_add"),
    path("organizer/logins/", views.locked_logins, name="locked_logins"),
    path("organizer/logins/unlock/", views.unlock_login, name="unlock_login"),
    path("organizer/password/", views.PasswordChangeView.as_view(), name="password_change"),
]
