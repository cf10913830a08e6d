"""What every printed sheet shares (reportlab): a font that prints every player's name, in any script and
direction; the renderer base class with the page, margins and styles; QR codes on paper (`text`: names on paper,
in one font with wide coverage). The sheets themselves
live with their domain: placement sheets in `results`, the cash book's in `league.cashbook`, the QR sheet in
`tournaments.qr`."""
