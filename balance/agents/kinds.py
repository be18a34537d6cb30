"""The closed registry of agent kinds, and the layout of a seat's agent row.

- ``scripted``: a play style's weights (``policies/*.toml``) score the options.
- ``random``: every legal option equally likely.
- ``search``: rollouts to the end of the game (or a horizon) score each option
  of the decision kinds its budget names; elsewhere it plays as its rollout agent.
"""
SCRIPTED, RANDOM, SEARCH = 0, 1, 2
KINDS = {"scripted": SCRIPTED, "random": RANDOM, "search": SEARCH}

# ---- columns of State.agent (one row per seat)
(A_KIND,          # SCRIPTED, RANDOM or SEARCH
 A_ROLLOUT_KIND,  # the kind that plays both seats in a search's rollouts (SCRIPTED or RANDOM)
 A_ROLLOUTS,      # rollouts per option
 A_HORIZON,       # turns a rollout plays past the decision's turn; 0 = to the end of the game
 A_SEARCHED,      # bit k set: decisions of kind k are searched
 A_MARGIN,        # thousandths of a win an option's mean must beat the rollout agent's own choice by
 A_CHECK,         # 1: the rules list every action even for a scripted style, which must choose among them (tests)
 ) = range(7)
N_AGENT = 7
