"""The organizer's page of a season's qualifiers: who is in, who is out and why, and the final made from the
list ("Finale anlegen") or matched to it again. Thin: parse, call `final`, render."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.access import get_season_or_404, organizer_required
from league.models import Entry, Night, Venue, default_venue
from league.seasons.forms import NightForm
from league.seasons.services import suggest_night_date
from results.qualifiers import final as finals
from results.qualifiers import tables as qualifier_tables


def _final_form(request: HttpRequest, season) -> NightForm:
    venues = Venue.objects.order_by("name", "pk")
    if season.venue_id is not None:
        venues = venues.filter(pk=season.venue_id)
    return NightForm(
        request.POST if request.method == "POST" else None,
        initial={"date": suggest_night_date(season), "starts_at": Night._meta.get_field("starts_at").default},
        venues=venues,
    )


def _differences(season, qualifiers=None, final=None) -> tuple[list[str], list[str]]:
    """Who the list has and the final's entries have not (added by matching), and the other way round."""
    final = final or finals.season_final(season)
    if final is None:
        return [], []
    qualifiers = qualifiers or qualifier_tables.season_qualifiers(season)
    entered = dict(Entry.objects.active().filter(night=final).values_list("player_id", "player__name"))
    wanted = {v.player_id: v.name for v in qualifiers.qualified}
    added = sorted(name for pk, name in wanted.items() if pk not in entered)
    withdrawn = sorted(name for pk, name in entered.items() if pk not in wanted)
    return added, withdrawn


@organizer_required
@require_http_methods(["GET", "POST"])
def season_qualifiers(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_or_404(season_id)
    form = _final_form(request, season)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "create" and form.is_valid():
        try:
            night = finals.create_final(
                season=season,
                date=form.cleaned_data["date"],
                starts_at=form.cleaned_data["starts_at"],
                venue=form.chosen_venue() or Venue.objects.get(pk=default_venue()),
                by=request.user,
            )
        except finals.FinalError as error:
            if error.field is None:  # the season's, not a field's: the form may not even be shown
                messages.error(request, str(error))
            else:
                form.add_error(error.field, str(error))
        else:
            messages.success(
                request,
                _("The final is created with its %(n)s qualified players; draw its seating when they are there.")
                % {"n": night.entries.count()},
            )
            return redirect("season_qualifiers", season.pk)
    elif action == "match":
        if _differences(season)[1] and request.POST.get("confirm") != "yes":
            messages.error(request, _("Tick the box to confirm that the players no longer qualified are withdrawn."))
            return redirect("season_qualifiers", season.pk)
        try:
            matched = finals.match_final(season=season, by=request.user)
        except finals.FinalError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                _("The final's players match the list: %(added)s entered, %(withdrawn)s withdrawn.")
                % {"added": len(matched.added), "withdrawn": len(matched.withdrawn)},
            )
        return redirect("season_qualifiers", season.pk)
    qualifiers = qualifier_tables.season_qualifiers(season)
    tables = [
        (venue, [(v, qualifier_tables.reason_text(v)) for v in verdicts]) for venue, verdicts in qualifiers.tables
    ]
    final = finals.season_final(season)
    added, withdrawn = _differences(season, qualifiers, final)
    return render(
        request,
        "results/qualifiers.html",
        {
            "season": season,
            "qualifiers": qualifiers,
            "qualified": [(v, qualifier_tables.reason_text(v)) for v in qualifiers.qualified],
            "tables": tables,
            "final": final,
            "final_drawn": final is not None and final.status in finals.DRAWN,
            "added": added,
            "withdrawn": withdrawn,
            "form": form,
        },
    )
