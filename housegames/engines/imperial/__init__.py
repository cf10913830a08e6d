"""Imperial Poker: reading a hand (`hands`), and one `round` against the house as a state machine."""
