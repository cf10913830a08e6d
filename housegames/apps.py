from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HouseGamesConfig(AppConfig):
    name = "housegames"
    verbose_name = _("House games")
