"""The choices the rulebook leaves to a player, as decision kinds (agents.points).

Each kind names what its option rows (a, b) mean; row 0 is the choice to do
nothing where the rules allow that.  A search agent's budget names the kinds it
searches by these names; ``DECISIONS`` lists them in the order of their numbers.
"""
from numba import njit

(ACT, GIVE_OBJECT, DISCARD, DISCORD_TRADE, D666_BEFORE, D666_AFTER, ACTION, FREE_MOVE, FREE_ATTACK,
 CALABITE_NOTE, COMBAT_TYPE, DEFENSE_ACT, JOIN_ATTACK, DEFEND, DECLARE, SEND_REINFORCEMENTS, PIT_TRAP,
 RETREAT_TO, LEADER, SONG_TARGET, RIDER_HOST, HABBALITE_FAILURE, GULLIBILITY_PICK, GULLIBILITY_ROLL,
 REINFORCEMENTS_FROM, SEARCH_PICK, SENESCHAL_TETHER, VIEW_PICK, TRUTH_PICK, LIE, SEND_BEING,
 FIRST_AID, MOVE_OBJECT, END_EFFECT) = range(34)
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
              "or Resonance, with its target (decisions.unpack), an Ofanite's Resonance for a second "
              "action first",
    "free_move": "Phase 6: a Djinn moves freely to its Attuned card (row 1), or not (row 0)",
    "free_attack": "Phase 6: Gabriel's Cherub takes its free action to attack Being b (rows 1 on), or not (row 0)",
    "calabite_note": "Calabim: a roll above the Calabite's Celestial Hits does half of it, a damage to Being "
                     "b & 0xFFFFF of type b >> 20 (row 0), or all of it for a note of Dissonance (row 1)",
    "combat_type": "Phase 6a: the attacking Being points.subject starts the combat against Being b in realm "
                   "type a (0 Celestial, 1 Ethereal, 2 Corporeal), one of those open to it (combat_types.open_types)",
    "defense_act": "Phase 6a: the defender plays a Defense Act for combat type a, or none (row 0, a = -1)",
    "join_attack": "Phase 6a: the attacker's Being a joins the attack (rows 1 on), or no more join (row 0)",
    "defend": "Phase 6a: Being points.subject Defends Being b (row 1), or stays out (row 0)",
    "declare": "Phase 6a: the round's declaration of Being points.subject: action a (combat.A_*) at b "
               "(-1: none); Wait is row 0",
    "send_reinforcements": "Combat Act Send Reinforcements: play it now (row 1), or not now (row 0); b: the seat's "
                           "side of the combat",
    "pit_trap": "Combat Act Pit Trap held by Being points.subject: remove Being a from the combat (rows 1 on), "
                "or no one yet (row 0)",
    "retreat_to": "Retreat: Being points.subject leaves the combat for Location a",
    "leader": "Leader: the defending Being a acts before the attackers this round (rows 1 on), or none (row 0)",
    "song_target": "Song of Fire sung by Being points.subject: it hurts Being b (row 1), or spares it (row 0)",
    "rider_host": "a Kyriotate or Shedite (points.subject) ejected from its host, or fledged on Earth, makes its "
                  "Resonance roll on Being a (rows 1 on), or returns to its Realm (row 0)",
    "habbalite_failure": "a failed Habbalite roll (points.subject): a note of Dissonance (row 0, a = HAB_NOTE), "
                         "Influenced by a random other player (row 1, HAB_INFLUENCED), or a roll again on Being b "
                         "not tried this turn (a = HAB_AGAIN)",
    "gullibility_pick": "Gullibility: the Seraph's (points.subject) controller names the Balseraph a that may "
                        "take a free Resonance on it",
    "gullibility_roll": "Gullibility: the Balseraph points.subject takes its free Resonance on Seraph b (row 1), "
                        "or not (row 0)",
    "reinforcements_from": "Send Reinforcements played: the seat sends Beings from Location a, where it may send b "
                           "(send_being)",
    "search_pick": "a search of a deck (the Tinkerer's, the Explorer's, a Prince's on a Fall or a Redemption, the "
                   "Computer's, about "
                   "card points.subject): take card a of seat b's deck, a design's first copy; where the text says "
                   "\"may\" (the Fall), row 0 (a = -1) takes none",
    "seneschal_tether": "a Seneschal Rank given to Being points.subject is tied to Tether a, one the seat controls",
    "view_pick": "a Seraph's (points.subject) roll of 4: its controller views card a, face down in the opponent's Realm",
    "truth_pick": "a Seraph's (points.subject) roll of 6: its opponent views card a of the Seraph's controller's "
                  "Repository, Events deck, hand or face down in its Realm (rows 1 on), or none (row 0, a = -1)",
    "lie": "the Seraph points.subject lies, for a note of Dissonance, rather than let card b be viewed (row 1), or "
           "not (row 0)",
    "send_being": "Send Reinforcements from Location b: Being a goes too (rows 1 on), or no more (row 0, a = -1)",
    "first_aid": "First Aid of Being points.subject at the end of a turn: Being a at its Location loses a Corporeal "
                 "damage counter (rows 1 on), or none (row 0, a = -1)",
    "move_object": "Phase 5, Soldekai's text: Object a, on a Servitor of Fire, goes to Servitor of Fire b (rows 1 on), "
                   "or stays (row 0, a = -1)",
    "end_effect": "Phase 7: the kind of end-of-turn effect that resolves next, a (end_turn.END_EFFECTS: Wait Rites, "
                  "First Aid, Location damage, Tether theft), of those not resolved yet",
}
HAB_NOTE, HAB_INFLUENCED, HAB_AGAIN = range(3)     # what a HABBALITE_FAILURE row's a is

# what a chosen action is (the ACTION kind's rows)
(K_WAIT, K_RESONATE, K_STEAL, K_ATTACK, K_ABILITY, K_MOVE, K_ATTUNE, K_DEATTUNE, K_PROTECT, K_VIEW,
 K_TEAR, K_FLEDGE, K_ATTACH, K_GO_HOME) = range(14)   # K_ATTACH, K_GO_HOME: Kyriotates, Shedim (host_resonance.py)
KINDS = 16              # a row's kind is its a modulo KINDS
SECOND = 1 << 40        # on a row's a: an Ofanite's Resonance for a second action first
ACTION_WORDS = ("waits", "Influences {t}", "steals Essence from {t}", "attacks {t}", "uses the game text of {t}",
                "moves to {t}", "Attunes to {t}", "de-Attunes from {t}", "protects {t}", "views", "tears at {t}",
                "fledges into {t}", "Resonates to ride {t}", "goes home")     # by kind, for the replay


@njit(cache=True)
def pack(kind, target, second):
    """An ACTION row's a: the action's kind and target (-1: none), and whether an
    Ofanite first uses its Resonance for a second action."""
    return kind + KINDS * (target + 1) + (SECOND if second else 0)


@njit(cache=True)
def unpack(a):
    """(kind, target, second) of an ACTION row's a (``pack``)."""
    second = a >= SECOND
    a = a - SECOND if second else a
    return a % KINDS, a // KINDS - 1, second


@njit(cache=True)
def ability_b(code, j):
    """An ability row's b: its effect code and target (-1: none)."""
    return (code << 20) | (j & 0xFFFFF)
