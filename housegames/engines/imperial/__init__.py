"""Imperial Poker: reading a hand, and one round against the house as a state machine."""
