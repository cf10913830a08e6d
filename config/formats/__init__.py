"""Number and date formats per language (`FORMAT_MODULE_PATH`): Django's, with the league's choices."""
