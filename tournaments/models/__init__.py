"""The night's play; one module per area, all registered here."""
from tournaments.models.clock import *
from tournaments.models.figures import *
from tournaments.models.night import *
