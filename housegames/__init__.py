"""The house games against the bank: Ultimate Texas Hold'em and Imperial Poker, for play money.

``engines/`` is pure Python (no Django import, a test checks it); the rest is
the Django app around it: models, services, views, forms, urls, admin; `cards` is how a card
looks on both games' pages, `chips` play money shown as chips.
"""
