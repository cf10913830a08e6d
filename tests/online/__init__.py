"""Tests of the league online: publishing and the server."""
