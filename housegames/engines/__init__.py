"""The house games' rules: pure Python on plain values, importing nothing from Django: `uth` (Ultimate
Texas Hold'em) and `imperial` (Imperial Poker)."""
