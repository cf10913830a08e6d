"""The house games' rows: play-money bankrolls, UTH rounds with the jackpot meter, Imperial rounds."""
from housegames.models.bankroll import *
from housegames.models.imperial import *
from housegames.models.uth import *
