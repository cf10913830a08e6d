from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class UpkeepConfig(AppConfig):
    name = "upkeep"
    verbose_name = _("Backup, restore and the league's check")
