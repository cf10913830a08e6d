"""Tests of `manage.py publish`."""
