"""The season's race on the standings page: the top players' running points over the nights, as a chart and as a
table. `geometry` places the lines, names and axes (pure: numbers in, coordinates out); `chart` reads the
running points (`league.rules.race`) of the season's kept table and draws `results/_race.html` once per state
of the season and language."""
