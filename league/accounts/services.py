"""Organizer accounts made from the site: an organizer is a staff user."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Venue
from league.venues.services import VenueError, hold_to_venues


class AccountError(Exception):
    """A rule was broken; the message is shown as it is."""


@transaction.atomic
def create_organizer(*, username: str, password: str, venues: list[Venue] | None = None) -> AbstractBaseUser:
    """A new staff account that can log in and use every organizer page (not the admin's models); with
    `venues`, a venue organizer held to them (none: refused, and no account made)."""
    User = get_user_model()
    username = User.normalize_username(username.strip())
    if not username:
        raise AccountError(_("Enter a username."))
    if User.objects.filter(username__iexact=username).exists():
        raise AccountError(_("The username “%(name)s” is taken.") % {"name": username})
    user = User(username=username, is_staff=True)
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise AccountError(" ".join(error.messages)) from error
    user.set_password(password)
    user.save()
    if venues is not None:
        try:
            hold_to_venues(user=user, venues=venues)
        except VenueError as error:
            raise AccountError(str(error)) from error
    return user
