"""Use cases of the house games: the play-money ledger and one module per game."""
