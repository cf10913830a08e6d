from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from tournaments.tracker.prepared import generic_plans

        connection_created.connect(generic_plans, dispatch_uid="tournaments.tracker.prepared.generic_plans")
