"""The season's readings: `standings` (points derived from the placements, never stored; kept, with what tells it is still right, in `kept`: the season's cache, the nights' stamps, the ledger of
scored nights and the rows they read), a
night's results (`nights`), the race of the top players over the nights (`race`), the player pages (`players`), the statistics and awards from the tracked hands, the jackpot (what each table pays in at the
café register, and the season's payout to the winners), changing the points scheme, and the printed placement
sheets and jackpot report; the qualifiers' final (`qualifiers`: who goes, and the final as a night of its own). `exports` gives the standings and results as rows for CSV and XLSX. It reads the league's books and the night's play; the live screens read it."""
