"""The league's rules as pure Python (no Django, no other package of the project): what a typed number or
search may look like, finding a name from a few letters, points per place and the season table, sharing the
jackpot among tied players. Tested on their own; the Django side calls them with plain values.

Its modules: `inputs` (what a typed number or text may look like), `names` (the name search), `near_names`
(names a typo apart), `roster` (a player file read back), `standings` (points and the season table), `ledger` (the season table kept night by night),
`formula` (a season's own points formula), `dialects` (other tools' formula syntax read into it), `history`
(a file of past nights read back), `payouts` (the jackpot among tied players), `qualification` (who goes to the qualifiers' final), `race` (running points after each night), `chips` (a club's chip set as typed), `errors` (the one error
of the pure rules)."""
