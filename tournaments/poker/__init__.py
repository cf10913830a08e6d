"""The tournament's rules core: pure Python, no Django and nothing else of the project anywhere below. `cards` and
the `evaluator` (`bulk` for many hands at once, with numpy; both keep their lookup tables in a file, `table_cache`), the all-in odds (`equity`), one hand of No-Limit
Hold'em with its pots (`holdem`), the `replay_hand` contract (`replay`), PHH and OHH documents (`phh`, `ohh`),
player statistics (`stats`), the replayer's frames (`timeline`), the blind clock's arithmetic (`clock`) and a
season's blind `structure`, and the `seating` draw."""
