"""Organizer accounts: add an organizer, unlock a locked login, change one's password."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.access import night_organizer_required, organizer_required
from league.accounts import logins
from league.accounts import services as accounts
from league.accounts.forms import OrganizerCreationForm


@organizer_required
@require_http_methods(["GET", "POST"])
def organizer_add(request: HttpRequest) -> HttpResponse:
    form = OrganizerCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            user = accounts.create_organizer(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                venues=form.chosen_venues(),
            )
        except accounts.AccountError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(name)s can now log in as an organizer.") % {"name": user.get_username()})
            return redirect("organizer_home")
    return render(request, "league/organizer/organizer_add.html", {"form": form})


@method_decorator(night_organizer_required, name="dispatch")  # every organizer changes his own
class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "league/organizer/password_change.html"
    success_url = reverse_lazy("organizer_home")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password is changed."))
        return response


@organizer_required
@require_GET
def locked_logins(request: HttpRequest) -> HttpResponse:
    """Addresses locked after too many wrong passwords, each with the accounts it tried and an unlock button."""
    return render(request, "league/organizer/locked_logins.html", {"locked": logins.locked_logins()})


@organizer_required
@require_POST
def unlock_login(request: HttpRequest) -> HttpResponse:
    """Unlock one address: every wrong password from there is forgotten."""
    address = request.POST.get("address", "").strip()[:64]
    if not logins.unlock_address(ip_address=address):
        messages.info(request, _("That login is no longer locked."))
    else:
        messages.success(request, _("Unlocked: %(who)s can try to log in again.") % {"who": address})
    return redirect("locked_logins")
