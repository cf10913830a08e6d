"""The dealer's hand tracker: one view takes a tap, one service function locks the table, replays the hand,
checks the input with the engine and writes it; the page shows what follows from the replay. Also the
statements every tap runs (prepared on PostgreSQL) and the names that tell two players of one name apart."""
