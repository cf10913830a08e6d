"""Models of the night area."""
__all__: list[str] = []
