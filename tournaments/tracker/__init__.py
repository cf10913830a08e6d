"""The dealer's hand tracker: one view takes a tap, one service function locks the table, replays the hand,
checks the input with the engine and writes it; the page shows what follows from the replay.

Its modules: `services` (the package of the tap's rooms: reading, snapshot, replaying, the writes), `page`
(what the dealer's page shows, drawn by the templates' seat rows and betting bar), `labels` (the words of
streets, actions and buttons), `seat_names` (names that tell two players of one name apart), `prepared` (the
statements every tap runs, prepared on PostgreSQL), `audit` (every table's stored play checked against itself,
for `check_league`)."""
