"""The night's play: the seating draw onto freeze-out tables, the blind clock, the dealer's hand tracker, the
finished hands (replays, figures, hand-history files), the placements (corrections and paper tables) and the
QR sheet. It builds on the league's books; the results and the live screens build on it.

Its packages: `tonight` (tonight's page, "Heute"), `floor` (before and around play: the draw, walk-ins and late entries, first dealers, finishing
the night), `clock` (the organizers' clock controls), `tracker` (a dealer's taps become stored actions),
`hands` (stored hands replayed: the figures kept per table, PHH/OHH files, the public replayer),
`placements` (a table's finishing order), `qr` (QR codes and the night's QR sheet), `poker` (the pure rules:
cards, evaluator, No-Limit Hold'em, the clock's arithmetic, the seating draw). `models/` holds the rows."""
