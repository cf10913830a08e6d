"""The house games' rows: play-money bankrolls (`bankroll`), UTH rounds with the jackpot meter (`uth`),
Imperial rounds (`imperial`)."""

from housegames.models.bankroll import *  # noqa: F401,F403
from housegames.models.imperial import *  # noqa: F401,F403
from housegames.models.uth import *  # noqa: F401,F403
