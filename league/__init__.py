"""The league's books: players, seasons and their nights, the entries and fees taken at the desk, the cash book,
the organizers' accounts. The bottom Django layer: it imports no other app of the project; the night's play
(`tournaments`), the readings (`results`) and the screens (`live`) build on it.

Its packages: `desk` (the registration desk), `seasons` (seasons and nights, the home page), `accounts`
(signing in, organizers, locked logins), `cashbook` (every movement of cash), `rules` (pure Python: input
limits, name search, points, payouts), `web` (what every app's pages share: numbers and money as each language
writes them, form fields, gzip, CSV, the busy-database answer), `pdf` (what every printed sheet shares), `spreadsheets` (XLSX and ODS workbooks read and written).
`roster` (the player list as a file: import and export), `backup` (the whole league in one signed JSON file and
back). `models` holds all of the league's rows; `once.py` the one-time tokens of forms that must not apply
twice; `access` the organizer checks (league organizers, venue organizers) and the 404s; `venues` the pubs the
league plays in as organizer pages use them (which one this device works for); `venue` what `manage.py venue` works out about the laptop;
`collected_static` whether the static folder is already what `collectstatic` would make; `held` the rows every
page of a publish reads alike, read once while it runs; `statements` the statements a public page asks again
with another id, built by the ORM once per process."""
