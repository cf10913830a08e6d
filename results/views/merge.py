"""Merging two records of one player (organizers): find both, see what each has, choose the one to keep, confirm.
Thin: the refusals and the merge are `league.desk.merge`, what each record has is `results.players.holdings`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.access import organizer_required
from league.desk import merge
from league.desk import services as desk
from league.models import Player, PlayerMerge
from league.rules.inputs import ascii_whole_or_none, clean_search
from results.forms import MergeForm
from results.players import holdings

LOG_ROWS = 20


def _chosen(raw: str) -> Player | None:
    pk = ascii_whole_or_none(raw)
    return Player.objects.filter(pk=pk).first() if pk is not None else None


def _side(request: HttpRequest, query_key: str, choice_key: str) -> dict:
    query = clean_search(request.GET.get(query_key, ""))
    chosen = _chosen(request.GET.get(choice_key, ""))
    found = desk.find_players(query) if query else []
    if chosen is not None and chosen not in found:
        found.insert(0, chosen)
    return {"query": query, "chosen": chosen, "found": found, "query_key": query_key, "choice_key": choice_key}


@organizer_required
@require_GET
def merge_players(request: HttpRequest) -> HttpResponse:
    first, second = _side(request, "q1", "first"), _side(request, "q2", "second")
    context = {
        "first": first,
        "second": second,
        "log": PlayerMerge.objects.select_related("kept", "merged_by")[:LOG_ROWS],
        "duplicates": merge.possible_duplicates(),
    }
    a, b = first["chosen"], second["chosen"]
    if a is not None and b is not None:
        # The record with more nights is offered as the one to keep: fewer rows move.
        records = [(player, holdings(player)) for player in (a, b)]
        context.update(
            records=records,
            refusal=merge.merge_refusal(a, b),
            suggested=max(records, key=lambda record: (record[1].nights, -record[0].pk))[0] if a.pk != b.pk else a,
        )
    return render(request, "results/merge.html", context)


@organizer_required
@require_POST
def merge_players_confirm(request: HttpRequest) -> HttpResponse:
    form = MergeForm(request.POST)
    back = {key: request.POST.get(key, "") for key in ("q1", "q2", "first", "second")}
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(f"{reverse('merge_players')}?{urlencode(back)}")
    keep, remove = form.cleaned_data["keep"], form.cleaned_data["remove"]
    try:
        merge.merge_players(keep=keep, remove=remove, by=request.user)
    except desk.LeagueError as error:
        messages.error(request, str(error))
        return redirect(f"{reverse('merge_players')}?{urlencode(back)}")
    messages.success(
        request,
        _("%(removed)s was merged into %(kept)s: one record now holds everything.")
        % {"removed": remove.name, "kept": keep.name},
    )
    return redirect(f"{reverse('merge_players')}?{urlencode({'first': keep.pk})}")
