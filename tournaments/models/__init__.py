"""The night's play; one module per area, all registered here."""
from tournaments.models.clock import *  # noqa: F401,F403
from tournaments.models.figures import *  # noqa: F401,F403
from tournaments.models.night import *  # noqa: F401,F403
