"""Signing in and out, and the organizers: a new organizer account, the locked logins (django-axes) and
unlocking them, changing one's password. Organizers are Django staff users.
`first_login` makes the first organizer account on a fresh database and tells its password once; `backend`
signs in and reads the user with his venue role (league organizer or venue organizer) in one query."""
