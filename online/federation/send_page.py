"""The laptop's page for sending one finished night to the league (the button after "Abend beenden"): the
night's state and the button; a night changed since it was sent goes as a correction, with who and why. Thin:
the sending is `sending`. A laptop not joined to a league has no such page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from league.access import get_night_or_404, night_organizer_required
from league.models import NightStatus
from online.federation import client, sending

__all__ = ["CorrectionForm", "send_night"]


class CorrectionForm(forms.Form):
    by = forms.CharField(label=gettext_lazy("Corrected by"), max_length=120)
    why = forms.CharField(label=gettext_lazy("Why"), max_length=300)


@night_organizer_required
@require_http_methods(["GET", "POST"])
def send_night(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_night_or_404(night_id)
    link = sending.link()
    if link is None or night.status != NightStatus.FINISHED:
        raise Http404(_("This laptop sends no nights: it is not joined to a league."))
    current, sent = sending.state(night)
    form = CorrectionForm(request.POST if request.method == "POST" and current == sending.CHANGED else None)
    if request.method == "POST" and (current != sending.CHANGED or form.is_valid()):
        correction = form.cleaned_data if current == sending.CHANGED else None
        try:
            outcome = sending.send_night(night, correction=correction)
        except client.LinkError as error:
            messages.error(request, str(error))
        else:
            if outcome.status == "refused":
                messages.error(request, outcome.words)
            else:
                messages.success(
                    request,
                    _("The night was sent to the league.")
                    if outcome.status == "sent"
                    else _("The league already has this night as it is."),
                )
        return redirect("league_send_night", night.pk)
    context = {
        "night": night,
        "link": link,
        "state": current,
        "state_words": sending.STATE_WORDS[current],
        "sent": sent,
        "form": form,
    }
    return render(request, "online/send_night.html", context)
