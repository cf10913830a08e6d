"""Browser tests of the league online: the published site opened from a folder."""
