"""The league's player list as a file: import it from CSV (German Excel, plain UTF-8, Windows-1252) with a
preview, export it as CSV and XLSX. `words` gives the
organizer's words for what `league.rules.roster` finds."""
