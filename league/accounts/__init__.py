"""Signing in and out, and the organizers: a new organizer account, the locked logins (django-axes) and
unlocking them, changing one's password. Organizers are Django staff users."""
