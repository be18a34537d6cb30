"""Kamigami Battles' closed vocabulary (DESIGN §4): colours, Spheres, card types,
the effects an Ability may have, and the columns of the compiled card tables.

A card file may use only these names (``cards.py`` rejects any other, naming the
file, the card, the field and the allowed names); the kernel dispatches on the
integer codes.
"""
COLORS = ("blue", "green", "red", "white", "yellow")    # Glossary, "Color Symbol"
SPHERES = ("sun", "moon", "life", "death", "war", "peace")   # Glossary, "Spheres of Influence"
DISCIPLE, WARRIOR, ARTIFACT = range(3)                  # card types of the Draw Deck ("CARD TYPES")
TYPES = ("disciple", "warrior", "artifact")
ACT, REACT = range(2)                                   # "Card Abilities": the two types of Ability
TIMINGS = ("act", "react")

# ---- effects: what an Ability does.  EFFECTS[name] = (code, timing, takes a value)
(E_ATTACK,      # Act: an Attack on an opponent's God or Temple, of Attack Value ``value``
 E_FAITH,       # Act: gain ``value`` Faith Points
 E_DRAW,        # Act: draw ``value`` cards
 E_ENERGY,      # Act: your God gains ``value`` Energy
 E_BANISH,      # Act: Banish up to ``value`` cards of your hand or Discard Pile to the Netherworld
 E_REFRESH,     # Act: the revealed Artifacts go back to the Artifact deck, shuffled, and the Hall is refilled
 E_RECOLOR,     # Act: change the Chaining Colors of the last Warrior or Artifact played (Cthulhu)
 E_EMPOWER,     # React: your Attack gets +``value`` Attack Value (played before the target reacts)
 E_DEFEND,      # React: Defense Value ``value`` against an Attack on your God or Temple
 E_PROTECT,     # React: Defense Value ``value`` against an Attack on another player's God or Temple
 E_REDIRECT,    # React: your God is attacked: the Attacker must attack a different God (Gigi Lamore)
 E_WARD,        # React: a card is being Banished: prevent it
 E_UNWARD,      # React: cancel an effect that prevents a card from being Banished (Cthulhu)
 ) = range(13)
EFFECTS = {
    "attack": (E_ATTACK, ACT, True), "faith": (E_FAITH, ACT, True), "draw": (E_DRAW, ACT, True),
    "energy": (E_ENERGY, ACT, True), "banish": (E_BANISH, ACT, True), "refresh_artifacts": (E_REFRESH, ACT, False),
    "recolor": (E_RECOLOR, ACT, False), "empower": (E_EMPOWER, REACT, True), "defend": (E_DEFEND, REACT, True),
    "protect": (E_PROTECT, REACT, True), "redirect": (E_REDIRECT, REACT, False), "ward": (E_WARD, REACT, False),
    "unward": (E_UNWARD, REACT, False),
}
EFFECT_NAMES = {code: name for name, (code, _, _) in EFFECTS.items()}
NO_COST, FAITH_COST, ENERGY_COST = range(3)           # Glossary, "Activation Cost": what an Ability costs
COSTS = ("none", "faith", "energy")

# ---- card table (Tables.card: one row per card kind of the Draw Deck; Disciples first)
(C_TYPE, C_COST, C_COLOR, C_CHAIN, C_RANK, C_COPIES, C_N_ABILITIES) = range(7)
N_CARD_COLS = 7           # C_COLOR: -1 for a Disciple; C_CHAIN: bit c set for each Chaining Color c
                          # C_RANK: a Disciple's I, II or III (0 otherwise); C_COPIES: in the game box
MAX_ABILITIES = 3
# ---- ability table (Tables.ability[kind, k]; likewise god_ability, temple_ability)
(AB_TIMING, AB_EFFECT, AB_VALUE, AB_COST_KIND, AB_COST) = range(5)
N_AB_COLS = 5
# ---- God and Temple tables (Tables.god, Tables.temple)
(G_SPHERES, G_CULTURE, G_N_ABILITIES) = range(3)      # G_SPHERES: bit s set for each Sphere s
(T_SPHERE, T_N_ABILITIES) = range(2)
MAX_GOD_ABILITIES = 2
