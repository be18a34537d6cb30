"""Event codes of the game trace, and their decoding into a readable log.

The kernel appends rows (turn, phase, seat, card, target, code, value) with
``state.log``; ``decode`` turns them into the lines ``balance replay`` prints.
"""
from numba import njit

from . import decisions as D
from .decisions import ACTION_WORDS

(T_SETUP_TETHER, T_FIRST, T_DRAW, T_EVENT, T_GAIN, T_AGE_DEATH, T_AFTERLIFE, T_DISS_ROLL,
 T_DISCORD, T_FALL, T_PLAY, T_SPEND, T_MOVE, T_INFLUENCE, T_INFLUENCE_FAIL, T_COMBAT,
 T_ATTACK, T_ABILITY, T_ZERO_CE, T_ZERO_ET, T_ZERO_CO, T_TRAUMA, T_REGEN, T_WIN, T_END,
 T_DISCARD, T_STEAL, T_STEAL_TETHER, T_INTERVENTION, T_DISSONANCE, T_RETREAT, T_HEAL,
 T_TOOL, T_LOCATION, T_ATTACH, T_BOTTOM, T_EXPIRE, T_WAIT, T_GAIN_TEXT, T_ROUND,
 T_RESIST, T_KILLED, T_FALL_DEMON, T_FLEDGE, T_ATTUNE, T_DEATTUNE, T_FEAR, T_SECOND_ACTION, T_PROTECT,
 T_VIEW, T_LIE, T_TEMPER, T_COWARDICE, T_PROTECT_FAIL, T_TEAR, T_COUNTER, T_SPEND_COUNTER) = range(57)
(T_HOST, T_LEAVE_HOST, T_HOLD, T_BOUND) = range(57, 61)
(T_ATTUNE_FAIL, T_FLEE, T_FADE, T_FREE_MOVE) = range(61, 65)
T_REDEEM = 65
(T_FORFEIT, T_FORFEIT_FAIL, T_FORFEITED, T_DISABLE, T_FREE_ATTACK, T_DYING) = range(66, 72)
(T_COMBAT_END, T_USE_TEXT) = range(72, 74)
(T_RESIST_FAIL, T_STEAL_FAIL, T_COUNTER_FAIL, T_UNBOUND, T_BUY_BEFORE, T_BUY_AFTER) = range(74, 80)
(T_DAMAGE, T_LEAVE_ESSENCE, T_CALM, T_RELEASE, T_DROP, T_RETREAT_TO) = range(80, 86)
T_DISCORD_TRADE = 86
T_JOIN = 87
T_FREED = 88
(T_LOSE, T_OUT_OF_TRAUMA) = range(89, 91)
(T_LEAD, T_BERSERK) = range(91, 93)
T_DISCORD_HELD = 93     # a Discord's roll that did not trigger: Berserk, Fear, Bad Temper, Cowardice
T_FOUND_NOTHING = 94    # a search of game text (Tinkerer, Explorer, Computer) that found no card
T_SEARCH = 95          # a search agent's estimate of one option: value = search_value(kind, worth in thousandths)
T_SEARCH_ACTION = 96   # the same for an action of Being card on target: value = search_action_value(...)
T_SHED = 97            # a Being removes a damage counter at the end of a turn (I22): value = the realm
T_RESTORE = 98         # a Being that lost its Ethereal Hits has them restored at the end of a turn
ACTION_SPAN = 64       # T_SEARCH_ACTION: the value's kind and second-action flag below, worth above
NO_SUPERIOR = -2     # T_AFTERLIFE's value when no Superior plays the side a Human goes to (docs/rules.md I7)

# Why a Servitor takes a note of Dissonance (beings.add_dissonance): a T_DISSONANCE row
# carries one of these in its target column.
WHY = (
    "its de-Attune failed",
    "its Attuned card left play",
    "it lost its temper",
    "a Human died at its Location, not of age",
    "it acted under another Superior's Influence",
    "it Waited",
    "it broke its oath",
    "it harmed a Human",
    "its hold on its host slipped",
    "its host took damage while it rode",
    "its host lost a card while it rode",
    "its host died",
    "its Resonance failed",
    "it did whole damage on a roll above its Celestial Hits",
    "it lied about a face-down card",
    "its own Superior's Location damaged it",
    "it went too long without engaging a demon (its Superior's condition)",
    "it Retreated (its Superior's condition)",
    "it Waited (its Superior's condition)",
)
(WHY_DE_ATTUNE, WHY_ATTUNED_LEFT, WHY_TEMPER, WHY_HUMAN_DIED, WHY_SERVED_ANOTHER, WHY_WAITED, WHY_OATH,
 WHY_HARMED_HUMAN, WHY_HOLD, WHY_HOST_HURT, WHY_HOST_LOST, WHY_HOST_DIED, WHY_RESONANCE, WHY_TEAR, WHY_LIE,
 WHY_OWN_LOCATION, WHY_NEGLECT, WHY_RETREATED, WHY_OFF_AIR) = range(len(WHY))

# How a combat ended (combat._field): a T_COMBAT_END row's value.
FIELD = ("neither side has an able Being left in it", "the attackers hold the field",
         "the defenders hold the field", "both sides are still in it at the round limit", "the game is won",
         "both sides are still in it, and a whole round passed with nothing but Waits")

# A row that carries two numbers packs them in its value as ``amount * PACK + low``:
# T_DAMAGE (low = realm), T_STEAL and T_STEAL_FAIL (low = the roll, at most 12),
# T_COMBAT (amount = the combat's Location, low = its type).
PACK = 16
REALM_NAMES = ("Celestial", "Ethereal", "Corporeal")

PHASES = ["setup", "draw", "gain essence", "age mortals", "dissonance", "acts", "actions", "end turn"]
END_REASONS = {0: "threshold reached", 1: "turn cap", 2: "deck-out"}

_TEXT = {
    T_SETUP_TETHER: "starts with Tether {card} in play",
    T_FIRST: "goes first",
    T_DRAW: "draws {card}",
    T_EVENT: "flips {card} from the Events deck",
    T_GAIN: "gains {value} Essence",
    T_AGE_DEATH: "{card} reaches its Lifespan and dies",
    T_AFTERLIFE: "{card}'s afterlife: {afterlife}",
    T_DISS_ROLL: "Dissonance roll for {card}: highest die {value}",
    T_DISCORD: "{card} fails its Dissonance roll: gains a level of Discord (now {value})",
    T_DISCORD_TRADE: "{card} trades three notes of Dissonance for a level of Discord (now {value})",
    T_FALL: "{card} Falls and is discarded",
    T_PLAY: "plays {card}{onto}",
    T_SPEND: "spends {value} Essence",
    T_BUY_BEFORE: "spends {value} Essence before {card}'s roll on {target}: +{value} to its target number",
    T_BUY_AFTER: "spends {value} Essence after {card}'s roll on {target}: +{half} to its target number",
    T_MOVE: "{card} moves to {place}",
    T_INFLUENCE: "{card} Influences {target} (roll {value})",
    T_INFLUENCE_FAIL: "{card} fails to Influence {target} (roll {value})",
    T_COMBAT: "{card} attacks {target} at {where}: {realm} combat begins",
    T_JOIN: "{card} joins the combat at {place} as {side}",
    T_FREED: "{card} is freed of the Influence of {target}, which left play",
    T_LOSE: "{card} loses {target}",
    T_OUT_OF_TRAUMA: "{card} comes out of Trauma",
    T_LEAD: "{card}'s Leader lets {target} act before the attackers",
    T_BERSERK: "{card}'s Berserk makes it attack {target} with its base Attack (roll {value})",
    T_DISCORD_HELD: "{card} holds against its Discord (roll {value})",
    T_FOUND_NOTHING: "{card} searches with {text} and finds nothing",
    T_SEARCH: "search: {option} is worth {worth} (mean score of its rollouts)",
    T_SEARCH_ACTION: "search: {card} {action} is worth {action_worth} (mean score of its rollouts)",
    T_ATTACK: "{card} hits {target} for {value}",
    T_DAMAGE: "{target} takes {amount} {realm} damage from {source}",
    T_ABILITY: "{card} uses its game text on {target} (roll {value})",
    T_USE_TEXT: "{card} uses {text}",
    T_ZERO_CE: "{card} has 0 {realm} Hits: soul-dead, discarded",
    T_ZERO_ET: "{card} has 0 Ethereal Hits: loses its Songs",
    T_ZERO_CO: "{card} has 0 Corporeal Hits",
    T_TRAUMA: "{card} enters Trauma for {value} turn{s}",
    T_REGEN: "{card} returns to its Realm and regenerates",
    T_WIN: "wins with {value} Humans in its Realm",
    T_END: "game ends: {reason}",
    T_DISCARD: "discards {card}",
    T_STEAL: "{card} steals {amount} Essence from {target} (roll {low})",
    T_STEAL_FAIL: "{card} fails to steal Essence from {target} (roll {low}): loses {amount} Essence",
    T_STEAL_TETHER: "takes control of Tether {target}",
    T_INTERVENTION: "{card} takes effect",
    T_RELEASE: "{card} frees {target} from Trauma: it regenerates all damage",
    T_DISSONANCE: "{card} takes a note of Dissonance (now {value}): {why}",
    T_RETREAT: "{card} retreats",
    T_RETREAT_TO: "{card}'s Retreat leaves it at {place}",
    T_HEAL: "{card} heals {target} of {value}",
    T_SHED: "{card} removes a {realm} damage counter",
    T_RESTORE: "{card} has its Ethereal Hits restored",
    T_TOOL: "{card} brings {target} into play",
    T_DROP: "{target} falls loose from {card} at {where}",
    T_LOCATION: "{card} brings Location {target} into play",
    T_ATTACH: "attaches {card} to {target}",
    T_BOTTOM: "{card} goes to the bottom of its deck",
    T_EXPIRE: "{card}'s short Influence ends",
    T_WAIT: "{card} waits",
    T_GAIN_TEXT: "{card}'s game text gives {value} Essence",
    T_LEAVE_ESSENCE: "{card}'s game text gives {value} Essence as {target} leaves play",
    T_ROUND: "combat round {value}",
    T_RESIST: "{card} reinforces its hold on {target} (roll {value})",
    T_RESIST_FAIL: "{card} fails to reinforce its hold on {target} (roll {value})",
    T_KILLED: "{card} is killed",
    T_FALL_DEMON: "brings {card} into its Realm for the Fall of {target}",
    T_FLEDGE: "{card} fledges into {target}",
    T_ATTUNE: "{card} Attunes to {target}",
    T_DEATTUNE: "{card} tries to de-Attune from {target} (roll {value})",
    T_FEAR: "{card}'s Fear keeps it from Defending {target} (roll {value})",
    T_SECOND_ACTION: "{card} Resonates for a second action (roll {value})",
    T_PROTECT: "{card} stiffens {target}'s resolve (roll {value})",
    T_VIEW: "{card} Resonates: {target} is viewed (roll {value})",
    T_LIE: "{card} lies rather than show {target}",
    T_TEMPER: "{card} loses its temper and attacks {target} (roll {value})",
    T_COWARDICE: "{card}'s Cowardice makes it Retreat (roll {value})",
    T_PROTECT_FAIL: "{card} fails to stiffen {target}'s resolve (roll {value})",
    T_TEAR: "{card} Resonates to tear at {target}: {value} damage",
    T_COUNTER: "{card} gains a Lilim counter on {target} (roll {value})",
    T_COUNTER_FAIL: "{card} fails to gain a Lilim counter on {target} (roll {value})",
    T_SPEND_COUNTER: "spends a Lilim counter: {target} comes under its Influence",
    T_HOST: "{card} attaches to {target} and Influences it",
    T_LEAVE_HOST: "{card} leaves its host {target}",
    T_HOLD: "{card} rolls to keep its hold on {target} (roll {value})",
    T_BOUND: "{card} is Bound and stays in {target} (roll {value})",
    T_UNBOUND: "{card} rolls free of its Bound to leave {target} (roll {value})",
    T_ATTUNE_FAIL: "{card} fails to Attune to {target} (roll {value})",
    T_FLEE: "{card}'s Fear of {target} makes it Retreat (roll {value})",
    T_FADE: "{card}'s note from a failed de-Attune fades (now {value})",
    T_CALM: "{card} loses a note of Dissonance at Tether {target} (now {value})",
    T_FREE_MOVE: "{card} moves freely to {place}, where its Attuned card is",
    T_REDEEM: "brings {card} into its Realm for the Redemption of {target}",
    T_FORFEIT: "{card} Resonates: {target} must forfeit actions (roll {value})",
    T_FORFEIT_FAIL: "{card} fails to make {target} forfeit actions (roll {value})",
    T_FORFEITED: "{card} forfeits an action ({value} more to forfeit)",
    T_DISABLE: "{card} makes {target} nonfunctioning for the rest of the combat",
    T_FREE_ATTACK: "{card} takes its free action to attack {target}",
    T_DYING: "{card} reaches its Lifespan but lives on for its Shedite until the end of the turn",
    T_COMBAT_END: "combat ends: {field}",
}


def _labels(rows, names, design, n_inst):
    """The name of every card instance the rows mention, with its copy number
    ("Ifrit #2") where more than one copy of that card appears in them."""
    seen = sorted({i for row in rows for i in _cards(row) if 0 <= i < n_inst})
    copies = {}
    for i in seen:
        copies.setdefault(design[i], []).append(i)
    return {i: names[d] if len(same) == 1 else f"{names[d]} #{k + 1}"
            for d, same in copies.items() for k, i in enumerate(same)}


def _cards(row):
    """The card columns of a trace row: its card, and its target unless that
    holds the reason for a note of Dissonance (WHY); the Location in a T_DROP
    row's value (where the Object is left) or a T_COMBAT row's, too."""
    if row[5] == T_DROP:
        return row[3:5] + row[6:7]
    if row[5] == T_COMBAT:
        return row[3:5] + [row[6] // PACK]
    return row[3:4] if row[5] == T_DISSONANCE else row[3:5]


def decode(trace, n_rows, names, design, n_inst, seat_names):
    """Render trace rows as text lines, one per event, grouped by turn and phase."""
    lines, last = [], None
    rows = trace[:n_rows].tolist()
    label = _labels(rows, names, design, n_inst)
    for turn, phase, seat, card, target, code, value in rows:
        if (turn, phase) != last and phase > 0:
            lines.append(f"-- turn {turn}, {PHASES[phase]} --")
            last = (turn, phase)
        fields = dict(
            card=label.get(card, "-"), target=label.get(target, "-"), value=value,
            reason=END_REASONS.get(value, "?"), onto="" if target < 0 else f" on {label.get(target, '-')}",
            text="its game text" if target < 0 else label.get(target, "-"),
            place=_place(target, n_inst, label, seat_names),
            afterlife=_afterlife(value, seat_names) if code == T_AFTERLIFE else "", s="" if value == 1 else "s",
            why=WHY[target] if code == T_DISSONANCE else "", field=FIELD[value] if code == T_COMBAT_END else "",
            amount=value // PACK, low=value % PACK, half=value // 2,
            source=_place(card, n_inst, label, seat_names),
            where=_where(code, value, n_inst, label, seat_names),
            realm=_realm(code, value), side="an attacker" if value == 0 else "a defender",
            option=_option(value % ACTION_SPAN, card, target, n_inst, label, seat_names) if code == T_SEARCH else "",
            worth=f"{value // ACTION_SPAN / 1000:.3f}",
            action=_action(value, target, n_inst, label, seat_names) if code == T_SEARCH_ACTION else "",
            action_worth=f"{value // ACTION_SPAN / 1000:.3f}",
        )
        who = seat_names[seat] if seat >= 0 else "game"
        lines.append(f"{who}: " + _TEXT[code].format(**fields))
    return lines


@njit(cache=True)
def search_action_value(kind, second, worth):
    """A T_SEARCH_ACTION row's value: the action's kind (decisions.K_*), whether
    an Ofanite's second action comes first, and its worth in thousandths."""
    return worth * ACTION_SPAN + 2 * kind + (1 if second else 0)


@njit(cache=True)
def search_value(kind, worth):
    """A T_SEARCH row's value: the decision's kind (decisions.DECISIONS) and the
    option's worth in thousandths of a win."""
    return worth * ACTION_SPAN + kind


# What a T_SEARCH row's option (a, b) is, in words, by decision kind: a format of
# a and b as cards or places (``{a}``, ``{b}``), their numbers (``{na}``, ``{nb}``),
# a realm type (``{realm}``) or a combat action (``{declared}``); each kind's first
# entry is for row a < 0 (or a == 0 where a is a yes/no), the second for the others.
SEARCH_WORDS = {
    D.DISCARD: (None, "discarding {a}"),
    D.DISCORD_TRADE: ("keeping the notes", "trading three notes of {a} for Discord"),
    D.D666_BEFORE: (None, "spending {na} Essence before the roll"),
    D.D666_AFTER: ("keeping the failure", "buying the roll back for {na} Essence"),
    D.CALABITE_NOTE: (None, "{na} damage"),
    D.COMBAT_TYPE: (None, "a {realm} combat"),
    D.DEFENSE_ACT: ("no Defense Act", "a Defense Act for a {realm} combat"),
    D.JOIN_ATTACK: ("no more joining", "{a} joining"),
    D.DEFEND: ("staying out", "Defending {b}"),
    D.DECLARE: (None, "{declared}"),
    D.SEND_REINFORCEMENTS: ("not sending reinforcements now", "sending reinforcements now"),
    D.REINFORCEMENTS_FROM: (None, "sending {nb} from {a}"),
    D.PIT_TRAP: ("no one yet", "removing {a}"),
    D.RETREAT_TO: (None, "retreating to {a}"),
    D.LEADER: ("no one first", "{a} first"),
    D.SONG_TARGET: ("sparing {b}", "hurting {b}"),
    D.RIDER_HOST: ("going back to its Realm", "riding {a}"),
    D.HABBALITE_FAILURE: ("a note of Dissonance", "being Influenced by another player", "rolling again on {b}"),
    D.GULLIBILITY_PICK: (None, "{a}"),
    D.GULLIBILITY_ROLL: ("no roll", "a roll on {b}"),
    D.SEARCH_PICK: ("taking none", "taking {a}"),
    D.SENESCHAL_TETHER: (None, "tying it to {a}"),
    D.VIEW_PICK: (None, "viewing {a}"),
    D.TRUTH_PICK: ("viewing nothing", "viewing {a}"),
    D.LIE: ("letting {b} be viewed", "lying about {b}"),
    D.SEND_BEING: ("sending no more", "sending {a}"),
    D.FIRST_AID: ("healing no one", "healing {a}"),
    D.MOVE_OBJECT: ("keeping the Object where it is", "moving {a} to {b}"),
    D.END_EFFECT: ("the Wait Rites next", "First Aid next", "Location damage next", "Tether theft next"),
}
YES_NO = (D.DEFEND, D.SONG_TARGET, D.GULLIBILITY_ROLL, D.HABBALITE_FAILURE, D.SEND_REINFORCEMENTS, D.LIE,
          D.END_EFFECT)    # a is a number from 0
COMBAT_WORDS = ("waits", "attacks {b}", "rolls its Gun at {b}", "sings its Song of Fire", "buys its boost", "",
                "retreats", "tears at {b}", "", "makes {b} forfeit its actions", "disables {b}")


def _option(kind, a, b, n_inst, label, seat_names):
    """A T_SEARCH row's option, in words (SEARCH_WORDS; else an Act's: card a on b)."""
    if kind not in SEARCH_WORDS:
        return "doing nothing" if a < 0 else label.get(a, "-") + ("" if b < 0 else f" on {label.get(b, '-')}")
    words = SEARCH_WORDS[kind]
    text = words[min(a, len(words) - 1)] if kind in YES_NO else words[0 if a < 0 else 1]
    return text.format(a=_place(a, n_inst, label, seat_names), b=_place(b, n_inst, label, seat_names), na=a, nb=b,
                       realm=REALM_NAMES[a] if 0 <= a < 3 else "",
                       declared=COMBAT_WORDS[a].format(b=_place(b, n_inst, label, seat_names)) if kind == D.DECLARE else "")


def _action(value, target, n_inst, label, seat_names):
    """What a T_SEARCH_ACTION row's action is, in words."""
    kind, second = value % ACTION_SPAN // 2, value % 2
    text = ACTION_WORDS[kind].format(t=_place(target, n_inst, label, seat_names))
    return text + (", its Resonance for a second action first" if second else "")


def _realm(code, value):
    """The realm a T_DAMAGE row's damage is in, a T_COMBAT row's combat type, or a
    T_ZERO_CE row's soul-death came from, or the realm of a T_SHED row's counter."""
    if code == T_DAMAGE or code == T_COMBAT:
        return REALM_NAMES[value % PACK]
    return REALM_NAMES[value] if code == T_ZERO_CE or code == T_SHED else ""


def _where(code, value, n_inst, label, seat_names):
    """The Location a T_DROP row's value names, or a T_COMBAT row's packs."""
    if code == T_DROP:
        return _place(value, n_inst, label, seat_names)
    return _place(value // PACK, n_inst, label, seat_names) if code == T_COMBAT else ""


def _afterlife(seat, seat_names):
    if seat == NO_SUPERIOR:
        return "leaves play: no Superior plays its side"
    if seat < 0:
        return "reincarnates to the bottom of its Events deck"
    return f"goes to {seat_names[seat]}'s Realm"


def _place(loc, n_inst, label, seat_names):
    """A card Location by its label; past the instances, the generic Locations."""
    if loc < 0:
        return "-"
    if loc < n_inst:
        return label.get(loc, "-")
    if loc == n_inst:
        return "Earth"
    if loc == n_inst + 1:
        return "the Marches"
    return f"{seat_names[loc - n_inst - 2]}'s Realm"
