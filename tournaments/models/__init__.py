"""The night's play; one module per area, all registered here: `night` (tables, seats, hands and actions,
placements), `clock` (the blind clock's stored state, the TVs), `club` (the club's own clock screen:
logo, chips, figures), `figures` (a finished table's kept hand statistics)."""

from tournaments.models.clock import *  # noqa: F401,F403
from tournaments.models.club import *  # noqa: F401,F403
from tournaments.models.figures import *  # noqa: F401,F403
from tournaments.models.night import *  # noqa: F401,F403
