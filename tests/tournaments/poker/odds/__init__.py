"""Tests of the all-in odds: the bulk evaluator (tournaments/poker/bulk.py) and the enumeration (equity.py)."""
