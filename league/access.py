"""Who may open a page, and the rows organizer pages start from: the organizer check and the 404s."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league.models import Night, Season


def organizer_required(view):
    """Organizers are staff users; anonymous visitors go to the login page."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied(_("Only organizers may do this."))
        return view(request, *args, **kwargs)

    return wrapper


def get_night_or_404(night_id: int) -> Night:
    return get_object_or_404(Night.objects.select_related("season"), pk=night_id)


def get_season_or_404(season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id)
