"""The season's readings: standings (points derived from the placements, never stored), a night's results, the
player pages, the statistics and awards from the tracked hands, the jackpot (what each table pays in at the
café register, and the season's payout to the winners), changing the points scheme, and the printed placement
sheets and jackpot report. It reads the league's books and the night's play; the live screens read it."""
