"""The results' pages, one module per page family; thin: parse the request, read `results`, render."""
