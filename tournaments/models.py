"""The night's play: tables, seats, hands and actions (coming with the league-night issue)."""
