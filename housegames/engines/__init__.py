"""The house games' rules: pure Python on plain values, importing nothing from Django."""
