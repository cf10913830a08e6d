"""Finished hands: a stored hand as the `replay_hand` contract's input and its replay, each finished table's
figures kept (a cache of the replay, rebuilt whenever missing), the PHH and OHH hand-history files (`exports`), and the
public hand list and replayer of a finished table; `cardfaces`
shows cards as people read them."""
