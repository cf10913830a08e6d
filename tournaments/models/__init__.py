"""The night's play and the house games; one module per area, all registered here."""
from .bankroll import *  # noqa: F401,F403
from .clock import *  # noqa: F401,F403
from .imperial import *  # noqa: F401,F403
from .night import *  # noqa: F401,F403
from .uth import *  # noqa: F401,F403
