"""The rail: what a player who is out, or a friend at the bar, may see of the tables that play on the tracker:
stacks, pots, the action and the cards once they are face up, never a hand still hidden.
`tables` decides what the public sees of a table (the odds at an all-in among it), `table_card` draws its card."""
