"""The registration desk of a league night: find a player or add a new one (18 or older), register, take the
entry fee with its jackpot share, withdraw and refund; and merging two records of one player (`merge`)."""
