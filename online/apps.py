from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("The league online")

    def ready(self) -> None:
        from online import checks  # noqa: F401  (registers the deployment checks)
