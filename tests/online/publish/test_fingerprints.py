"""What counts as the same rows when a republish asks a page's statements again."""
from online.publish.fingerprints import _row_digest

ROWS = [(1, "Anna", None), (2, "Ida", 3), (2, "Ida", 3), (4, "Gustav", 1)]


def test_rows_of_a_statement_without_an_order_are_the_same_in_any_order():
    sql = "SELECT id, name, place FROM seat WHERE night_id = %s"
    assert _row_digest(sql, ROWS) == _row_digest(sql, list(reversed(ROWS)))


def test_rows_without_an_order_still_count_each_row_and_each_value():
    sql = "SELECT id, name, place FROM seat"
    assert _row_digest(sql, ROWS) != _row_digest(sql, ROWS[:-1])
    assert _row_digest(sql, ROWS) != _row_digest(sql, ROWS[1:] + [ROWS[1]])  # one row twice, another gone
    assert _row_digest(sql, ROWS) != _row_digest(sql, [(1, "Anna", None), (2, "Ida", 3), (2, "Ida", 4), (4, "Gustav", 1)])


def test_rows_a_statement_orders_are_the_same_only_in_that_order():
    sql = 'SELECT id, name, place FROM seat ORDER BY "seat"."position" ASC'
    assert _row_digest(sql, ROWS) == _row_digest(sql, list(ROWS))
    assert _row_digest(sql, ROWS) != _row_digest(sql, list(reversed(ROWS)))
