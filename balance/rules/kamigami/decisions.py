"""The choices Kamigami's rulebook leaves to a player, as decision kinds
(agents.points): what each kind's option rows (a, b) mean.  Row 0 is the choice
to do nothing where the rules allow it.
"""
(KEEP_GOD, TEMPLE, PLAY, TARGET, REACT, RECRUIT, RECOLOR, BANISH, REDIRECT_TO) = range(9)
GOD, TEMPLE_CARD = -2, -3      # a PLAY or REACT row's a: an Ability of the seat's God or Temple (b: which)
DECISIONS = {
    "keep_god": "Setup 1: keep God a of the two dealt",
    "temple": "Setup 2: take Temple a, one of a Sphere of the seat's God not taken yet",
    "play": "Play Phase: play a card of kind a from the hand for its Ability b, or use Ability b of the God "
            "(a = -2) or Temple (a = -3); or end the Play Phase (row 0, a = -1)",
    "target": "an Attack: on seat a's God (b = 0) or Temple (b = 1)",
    "react": "a React: play a card of kind a from the hand for its Ability b, or the God's (a = -2) or "
             "Temple's (a = -3) Ability b; or no more (row 0, a = -1)",
    "recruit": "Recruit Phase: buy the top card of Hall of Heroes pile a, or stop (row 0, a = -1)",
    "recolor": "The Stars are Right: the last Warrior or Artifact played chains colors a and b",
    "banish": "Banish: a card of kind b from the hand (a = 1) or Discard Pile (a = 2), or no more (row 0)",
    "redirect_to": "a redirected Attack: the Attacker attacks seat a's God instead",
}
