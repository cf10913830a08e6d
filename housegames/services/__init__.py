"""Use cases of the house games: the play-money ledger (`bankroll`) and one module per game (`uth`,
`imperial`)."""
