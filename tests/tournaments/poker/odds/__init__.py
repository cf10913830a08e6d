"""Tests of the all-in odds: the bulk evaluator (tournaments/poker/bulk.py), the enumeration (equity.py) and the evaluators' tables kept in a file (table_cache.py)."""
