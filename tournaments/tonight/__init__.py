"""Tonight on one screen: the organizer's evening as steps in order, the one that is due with its button first,
and what each table still lacks; it follows the night by itself (docs/features.md, "Tonight").
`reading` reads the night's facts, the pure `evening` turns them into steps, `steps` gives each its words and
button."""
