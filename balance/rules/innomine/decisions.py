"""The choices the rulebook leaves to a player, as decision kinds (agents.points).

Each kind names what its option rows (a, b) mean; row 0 is the choice to do
nothing where the rules allow that.  A search agent's budget names the kinds it
searches by these names.
"""
ACT, GIVE_OBJECT, DISCARD, DISCORD_TRADE, D666_BEFORE, D666_AFTER, ACTION, FREE_MOVE, FREE_ATTACK = range(9)
DECISIONS = {
    "act": "Phase 5: play card a of the hand on target b (-1: none), or stop (row 0)",
    "give_object": "Phase 5: give loose Object a to Being b of its realm, or leave it (row 0)",
    "discard": "Phase 7: discard card a of the hand (one decision for each card over the hand limit)",
    "discord_trade": "Phase 4: Servitor a trades three notes of Dissonance for a level of Discord (row 1), "
                     "or keeps them (row 0)",
    "d666_before": "d666: spend a Essence before a Resonance roll, +1 to its target number each (row a; "
                   "at most points.MAX_OPTIONS - 1)",
    "d666_after": "d666: buy a failed Resonance roll back for a Essence (row 1), or not (row 0)",
    "action": "Phase 6: the action of the Being points.subject names -- Wait (row 0), Move, Attack, an ability "
              "or Resonance, with its target (action_options.unpack), an Ofanite's Resonance for a second "
              "action first",
    "free_move": "Phase 6: a Djinn moves freely to its Attuned card (row 1), or not (row 0)",
    "free_attack": "Phase 6: Gabriel's Cherub takes its free action to attack Being b (rows 1 on), or not (row 0)",
}
