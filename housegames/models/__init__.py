"""The house games' rows: play-money bankrolls, UTH rounds with the jackpot meter, Imperial rounds."""
from .bankroll import *  # noqa: F401,F403
from .imperial import *  # noqa: F401,F403
from .uth import *  # noqa: F401,F403
