"""Tests of the tables and jackpots per venue: computed by hand, the pages, the roles."""
