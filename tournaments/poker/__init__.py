"""The No-Limit Hold'em rules core: pure Python, no Django import anywhere below."""
