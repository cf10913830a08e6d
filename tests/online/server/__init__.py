"""Tests of the app on a server: the chain of docs/server.md."""
