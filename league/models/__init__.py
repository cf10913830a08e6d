"""The league's rows, one module per area, all registered here: players (and their merges), seasons and their
nights (and changes of the points scheme), the entries taken at the desk (with the jackpot deposits and the
signed placement sheets), the cash book's own lines and counts, the one-time tokens of applied forms, and the
venues (pubs) with their organizers: `players`, `seasons`, `entries`, `cash`, `submissions`, `venues`."""

from league.models.cash import *  # noqa: F401,F403
from league.models.entries import *  # noqa: F401,F403
from league.models.players import *  # noqa: F401,F403
from league.models.seasons import *  # noqa: F401,F403
from league.models.submissions import *  # noqa: F401,F403
from league.models.venues import *  # noqa: F401,F403
