"""The published site of a league of several venues."""
