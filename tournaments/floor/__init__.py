"""The tournament floor, before and around play (not tonight's page, which is `tonight`): the seating draw onto
tables of at most six, walk-ins and entries the draw left unseated, each table's first dealer and its dealer link,
and finishing the night. `late_entries` seats walk-ins and the entries the draw left unseated, `waiting` finds
the way on for paid players no table could take; `seating_rows` reads the tables' players as the seating
pages list them."""
