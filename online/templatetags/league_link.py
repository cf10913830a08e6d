"""`{% league_send_state night as sending %}`: on a laptop joined to a league, a finished night's state for the
league (not sent, sent, changed since it was sent); None on every other laptop and on the server, which then
shows nothing new."""

from django import template

from league.models import Night, NightStatus
from online.federation import sending

register = template.Library()


@register.simple_tag
def league_send_state(night: Night) -> dict | None:
    if night.status != NightStatus.FINISHED or sending.link() is None:
        return None
    current, _sent = sending.state(night)
    return {"state": current, "words": sending.STATE_WORDS[current]}
