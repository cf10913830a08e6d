"""Models of the uth area."""
__all__: list[str] = []
