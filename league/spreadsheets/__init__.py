"""Spreadsheet files a club keeps, read and written: an XLSX or ODS workbook's first sheet read into rows of
cells (``reading.py``, bounded before anything is unpacked), and ODS written (``ods.py``) beside the XLSX of
``league/web/xlsx.py``. What the rows mean is for the reader's rules (league/rules/roster.py)."""
