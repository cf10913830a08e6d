"""The league's rules as pure Python (no Django, no other package of the project): what a typed number or
search may look like, finding a name from a few letters, points per place and the season table, sharing the
jackpot among tied players. Tested on their own; the Django side calls them with plain values."""
