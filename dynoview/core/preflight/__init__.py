"""Before a transaction is sent: will it break a lock? Strongly consistent reads of what it touches,
each (rule, value) pair before and after, refusals that say why, and the guards it can add.
"""
