"""The night's blind clock on the Django side: load and store its state, the organizers' buttons (start, pause,
levels, minutes, breaks, the TV's screen and announcement). The arithmetic is pure (`tournaments.poker.clock`);
the TV that shows it is `live.tv`. `structure_file` writes a blind structure as a CSV file and reads one back;
`displays`: the pub's TVs, each with its own screen and an address that holds no night.
`club` reads and saves the club's own clock screen (logo, chips, which figures; its settings page is in `views`),
`logo` checks an uploaded logo before it is stored."""
