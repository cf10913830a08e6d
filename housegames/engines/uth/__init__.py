"""Ultimate Texas Hold'em: rules and pay tables, the uth_settle contract, basic strategy, simulation."""
