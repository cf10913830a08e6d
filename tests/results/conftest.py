"""The league tests' people and nights, and English messages unless a test asks for German (tests/league/conftest.py)."""

from tests.league.conftest import anna, ben, english_client, night  # noqa: F401
