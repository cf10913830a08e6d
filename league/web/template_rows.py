"""A row of a page's table or list, its texts made in Python once per row and only placed by the template."""

from __future__ import annotations


class TemplateRow(dict):
    """A row's texts, read as `row.name` in Python and in the template. A dict, because the template language
    looks `row.name` up as `row["name"]` first and as an attribute only when that fails: for an object that was
    an exception raised and caught for every cell, a fifth of the template's time on a page of rows."""

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None
