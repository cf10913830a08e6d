"""The qualifiers' final of a season: `tables` (the tables the season's qualification rule reads, the
verdicts and their words), `final` (the final as a night of its own, its entries the qualified players),
`views` (the organizer's page of the qualifiers, where the final is made)."""
