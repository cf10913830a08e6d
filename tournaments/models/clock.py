"""Models of the clock area."""
__all__: list[str] = []
