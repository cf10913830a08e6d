"""QR codes: as inline SVG on pages, and the night's QR sheet (every table's dealer link, the TV clock, the
results) printed on A4."""
