"""The home page, and the organizer's pages of seasons and nights. Thin: parse, call a service, render."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.access import (
    get_night_or_404,
    get_season_or_404,
    night_organizer_required,
    nights_run_by,
    organizer_required,
    runs_night,
    venue_ids,
)
from league.models import Night
from league.rules.inputs import ascii_whole_or_none
from league.seasons import home_rows
from league.seasons import services as seasons
from league.seasons import services as seasons_services
from league.seasons.forms import NightForm, SeasonForm
from league.venues.device import device_venue, venues_of
from league.web.next_page import redirect_next


@night_organizer_required
@require_GET
def organizer_home(request: HttpRequest) -> HttpResponse:
    """Everything an organizer runs, in one place: seasons, the season's nights, accounts."""
    all_seasons, season = seasons_services.choose_season(request.GET.get("season"))
    # The coming and latest nights first; a venue organizer's of his venues.
    nights = (
        list(nights_run_by(request.user).filter(season=season).select_related("venue").order_by("-date", "-pk"))
        if season
        else []
    )
    demo = any(s.is_demo for s in all_seasons)
    last = next((s for s in all_seasons if not s.is_demo), all_seasons[0] if all_seasons else None)
    return render(
        request,
        "league/organizer/home.html",
        {"seasons": all_seasons, "season": season, "nights": nights, "demo": demo, "last_season": last},
    )


@organizer_required
@require_http_methods(["GET", "POST"])
def season_create(request: HttpRequest) -> HttpResponse:
    """A new season; `?like=<id>`: "new season like the last", its settings copied, each changeable."""
    wanted = ascii_whole_or_none(request.GET.get("like"))
    like = get_season_or_404(wanted) if wanted is not None else None
    form = SeasonForm(request.POST if request.method == "POST" else None, like=like)
    if request.method == "POST" and form.is_valid():
        try:
            season = seasons.create_season(structure_of=form.structure_source(), **form.changes())
        except seasons.SeasonError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("“%(name)s” created. Now plan its first night.") % {"name": season.name})
            return redirect("night_create", season.pk)
    return render(request, "league/organizer/season_form.html", {"form": form, "season": None, "like": like})


@organizer_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    form = SeasonForm(request.POST if request.method == "POST" else None, instance=season)
    if request.method == "POST" and form.is_valid():
        try:
            seasons.update_season(season=season, changes=form.changes())
        except seasons.SeasonError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("“%(name)s” saved.") % {"name": form.cleaned_data["name"]})
            return redirect(f"{reverse('organizer_home')}?season={season.pk}")
    season.refresh_from_db()
    return render(request, "league/organizer/season_form.html", {"form": form, "season": season})


@night_organizer_required
@require_http_methods(["GET", "POST"])
def night_create(request: HttpRequest, season_id: int) -> HttpResponse:
    """The next night; a day other than the league's weekday is asked about first."""
    season = get_season_or_404(season_id)
    suggested = seasons.suggest_night_date(season)
    venues = venues_of(request.user)
    if season.venue_id is not None:
        venues = venues.filter(pk=season.venue_id)
    form = NightForm(
        request.POST if request.method == "POST" else None,
        initial={"date": suggested, "starts_at": Night._meta.get_field("starts_at").default},
        venues=venues,
        preselected=device_venue(request, venues),
        restricted=venue_ids(request.user) is not None,
    )
    other_weekday = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            night = seasons.create_night(
                season=season,
                date=data["date"],
                starts_at=data["starts_at"],
                confirm_weekday=data["confirm_weekday"],
                venue=form.chosen_venue(),
            )
        except seasons.OtherWeekday as error:
            other_weekday = str(error)
        except seasons.SeasonError as error:
            form.add_error(error.field, str(error))
        else:
            messages.success(request, _("League night created; registration is open."))
            return redirect("registration_desk", night.pk)
    context = {"form": form, "season": season, "suggested": suggested, "other_weekday": other_weekday}
    return render(request, "league/organizer/night_form.html", context)


@night_organizer_required
@require_POST
def night_registration(request: HttpRequest, night_id: int) -> HttpResponse:
    """Open or close registration (reversible until the draw, so no confirmation)."""
    night = get_night_or_404(night_id)
    try:
        if request.POST.get("action") == "open":
            seasons.open_registration(night=night)
            messages.success(request, _("Registration is open."))
        else:
            seasons.close_registration(night=night)
            messages.success(request, _("Registration is closed. Draw the seating when everyone is in."))
    except seasons.SeasonError as error:
        messages.error(request, str(error))
    return redirect_next(request, reverse("registration_desk", args=[night.pk]))


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and tools that ask for /favicon.ico without reading the page get the app's icon, not a 404."""
    return redirect(static("favicon.svg"), permanent=True)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    all_seasons, season = seasons_services.choose_season(None)
    nights = (
        home_rows.shown_nights(
            season.nights.order_by("date").values_list("pk", "date", "status", "venue_id"),
            venue_ids(request.user),
        )
        if season
        else []
    )
    upcoming = seasons_services.next_night(seasons=all_seasons)
    demo = any(s.is_demo for s in all_seasons)
    return render(
        request,
        "league/home.html",
        {
            "season": season,
            "nights": nights,
            "next_night": upcoming,
            # A venue organizer's desk link only for his venues' night (another's would answer 403).
            "runs_next_night": upcoming is not None and runs_night(request.user, upcoming),
            "demo": demo,
        },
    )
