"""The night's play; one module per area, all registered here."""
from .clock import *  # noqa: F401,F403
from .figures import *  # noqa: F401,F403
from .night import *  # noqa: F401,F403
