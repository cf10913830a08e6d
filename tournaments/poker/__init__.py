"""The tournament's rules core: pure Python, no Django and nothing else of the project anywhere below. Cards and
the evaluator, one hand of No-Limit Hold'em with its pots, the replay_hand contract, PHH and OHH documents,
player statistics, the blind clock's arithmetic and the seating draw."""
