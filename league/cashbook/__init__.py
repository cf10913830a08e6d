"""The cash book (Kassenbuch): every movement of the league's cash, derived from the desk's and the jackpot's rows
or stored as its own lines; closing a night's cash against a count; the book's CSV and PDF exports (`sheets`).
`audit` checks that the book balances (for `check_league`). Its rows
are in `league/models.py` (`CashLine`, `CashCount`); the season jackpot's payout, which needs the standings,
is in `results/payout.py`."""
