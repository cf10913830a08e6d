from django import template
from django.conf import settings

from league.web.public_url import public_url_is_loopback

register = template.Library()


@register.inclusion_tag("league/_public_url_warning.html", takes_context=True)
def public_url_warning(context) -> dict:
    """For organizers: a warning when the links and QR codes point at this laptop only."""
    user = context.get("user")
    show = bool(user is not None and user.is_staff and public_url_is_loopback())
    return {"show": show, "public_url": settings.PUBLIC_URL}
