"""The house games' pages: a UTH table and its settlement calculator, an Imperial table; thin views over the services."""
