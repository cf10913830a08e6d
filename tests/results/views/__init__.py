"""Tests of what the results pages make of their readings before the template places it."""
