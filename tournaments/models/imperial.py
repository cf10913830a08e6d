"""Models of the imperial area."""
__all__: list[str] = []
