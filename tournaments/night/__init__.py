"""The night before and around play: the seating draw onto tables of at most six, walk-ins and entries the draw
left unseated, each table's first dealer and its dealer link, and finishing the night."""
