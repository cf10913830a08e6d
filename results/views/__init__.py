"""The results' pages, one module per page family; thin: parse the request, read `results`, render. `table_rows`:
the standings' rows made text once per row for the template (the template language took most of the page's time)."""
