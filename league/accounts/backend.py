"""Signing in with a username and password, the user read with his venue role in the same query.

Every organizer page asks whether its user is a league organizer or a venue organizer (league/access.py);
read with the user, the answer costs no query of its own on every page a league organizer opens."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class OrganizerBackend(ModelBackend):
    def get_user(self, user_id):
        user = get_user_model()._default_manager.select_related("venue_role").filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None
