"""Card, Superior and deck records, and the checks on their TOML form (DESIGN §4, §8).

Every name a file may use comes from ``balance.rules.innomine.vocabulary``; a
value outside it is rejected with a ``DeckError`` that names the file, the card
or section, the field and what is allowed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ....fields import INT_MAX, Site, check_keys, choices, named_table, presence, want_int, want_name, want_str
from .. import vocabulary as V

SUPERIOR_EFFECT_ROWS = 8     # Tables.sup_eff rows per seat
MAX_SUPERIORS = 63           # superior ids are bits of an int64 mask
POSITIVE_PARAMS = frozenset({"divisor", "every", "factor"})   # divided by / counted in steps / multiplied by: >= 1
SIGNED_LOW = -7              # a "signed" parameter (a change, such as a hand size's) takes away at most 7


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class Effect:
    """One effect primitive: its vocabulary name, code and the four parameter slots."""
    name: str
    code: int
    args: tuple[int, int, int, int]


@dataclass(frozen=True)
class Condition:
    """A Destiny or Fate (rulebook, "Humans"): ``counter`` at_least/at_most ``value``,
    or ``counter`` more_than ``other``."""
    counter: str
    op: str
    value: int = 0
    other: str | None = None


@dataclass(frozen=True)
class Card:
    """One card design as written in a library file."""
    name: str
    type: str
    kind: str | None
    cost: int
    side: str | None
    superiors: tuple[str, ...]
    stats: tuple[tuple[int, int], ...] | None    # (attack, hits) per realm Ce, E, Co
    lifespan: int
    destiny: Condition | None
    fate: Condition | None
    text: str
    effects: tuple[Effect, ...]
    source: str = field(compare=False)
    distinction: str | None = None   # a Distinction's title (vocabulary.DISTINCTIONS)
    place: str = "earth"             # where an Events card enters play (vocabulary.PLACES)


@dataclass(frozen=True)
class Ability:
    """A Choir or Band ability on a Superior sheet (rulebook, "Game Play")."""
    kind: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Superior:
    """A Superior sheet: side, Dissonance condition and Choir/Band abilities."""
    name: str
    side: str
    title: str
    dissonance: str
    dissonance_text: str
    abilities: tuple[Ability, ...]
    source: str = field(compare=False)


@dataclass(frozen=True)
class Deck:
    """A player's Repository and Events deck, checked against the library and sheets."""
    name: str
    path: str
    superior: Superior
    repository: dict[str, int]
    events: dict[str, int]
    cards: dict[str, Card]          # every card the deck names
    sheets: dict[str, Superior]     # every Superior sheet the deck was checked against

    def count(self, section, ctype) -> int:
        """Copies of cards of vocabulary type ``ctype`` in ``section``."""
        return sum(n for c, n in getattr(self, section).items()
                   if V.CARD_TYPES[self.cards[c].type] == ctype)

    @property
    def humans(self) -> int:
        """Humans in the Events deck: the ceiling on the victory threshold."""
        return self.count("events", V.HUMAN)

    def distinct(self) -> list[str]:
        """The deck's distinct card names, sorted (its ``deck_slot`` order)."""
        return sorted(set(self.repository) | set(self.events))


# ------------------------------------------------------------------ effects
def parse_effects(site, raw, sheet_kind=None) -> tuple[Effect, ...]:
    """``effects = [{effect = "...", param = value}, ...]`` (DESIGN §4: a closed vocabulary)
    of a card, or (``sheet_kind``) of a Superior sheet's ability for that kind."""
    if not isinstance(raw, list):
        raise site.error("effects", f"{raw!r} is not a list", "a list of inline tables")
    if len(raw) > V.MAX_EFFECTS:
        raise site.error("effects", f"{len(raw)} effects", f"at most {V.MAX_EFFECTS}")
    return tuple(parse_effect(site, e, f"effects[{i}]", sheet_kind) for i, e in enumerate(raw))


def parse_effect(site, raw, label, sheet_kind=None) -> Effect:
    """One effect: its name from EFFECTS, its parameters by name (defaults filled in)."""
    if not isinstance(raw, dict):
        raise site.error(label, f"{raw!r} is not a table", '{effect = "<name>", <param> = <value>}')
    name = want_name(site, raw, "effect", V.EFFECTS, label=f"{label}.effect")
    check_sheet_effect(site, name, f"{label}.effect", sheet_kind)
    code, params = V.EFFECTS[name]
    check_keys(site, raw, ["effect"] + [p[0] for p in params], prefix=f"{label}.")
    args = [effect_param(site, raw, name, p, label) for p in params]
    return Effect(name, code, tuple(args + [0] * (4 - len(args))))


def check_sheet_effect(site, name, label, sheet_kind):
    """A sheet-only effect (vocabulary.SHEET_EFFECT_KINDS) changes what one kind's
    Resonance or Attunement does: it is written only on a Superior sheet's ability
    for that kind, never on a card or on another kind's ability."""
    kind = V.SHEET_EFFECT_KINDS.get(name)
    if kind is None or kind == sheet_kind:
        return
    where = "card text" if sheet_kind is None else f"an ability of kind {sheet_kind!r}"
    raise site.error(label, f"{name} is a Superior-sheet ability of kind {kind!r}, not {where}",
                     f'only in a [[superior.ability]] with kind = "{kind}"')


def effect_param(site, raw, effect, spec, label) -> int:
    """One parameter compiled to its integer: enum names through their dict, ints
    ("int": not negative; "signed": from SIGNED_LOW) as given."""
    pname, allowed, default = spec
    where = f"{label}.{pname}"
    if default is None and pname not in raw:
        raise site.error(where, f"missing required parameter of {effect}",
                         "an integer" if allowed in ("int", "signed") else choices(allowed))
    if allowed == "signed":
        return want_int(site, raw, pname, SIGNED_LOW, default, where)
    if allowed == "int":
        return want_int(site, raw, pname, 1 if pname in POSITIVE_PARAMS else 0, default, where)
    return allowed[want_name(site, raw, pname, allowed, default, where)]


# ------------------------------------------------------------------ cards
CARD_KEYS = ("name", "type", "kind", "distinction", "cost", "side", "superiors", "celestial",
             "ethereal", "corporeal", "lifespan", "destiny", "fate", "place", "text", "effects")
_KIND_TYPES = "servitor, object, rank, intervention"
_BEINGS = "servitor, human, ethereal, animal"
_MORTALS = "human and animal"


def parse_card(raw, source, index) -> Card:
    """One ``[[card]]`` table (rulebook, "Types of Cards")."""
    site, name = named_table(source, raw, "card", index, CARD_KEYS)
    ctype = want_name(site, raw, "type", V.CARD_TYPES)
    code = V.CARD_TYPES[ctype]
    kind = card_kind(site, raw, code)
    title = card_distinction(site, raw, code, kind)
    human = presence(site, raw, "lifespan", code in V.MORTAL_TYPES, _MORTALS)
    return Card(
        name=name, type=ctype, kind=kind, cost=card_cost(site, raw, code),
        side=card_side(site, raw, code, kind, title), superiors=card_superiors(site, raw, title),
        stats=card_stats(site, raw, code),
        lifespan=want_int(site, raw, "lifespan", 1) if human else 0,
        destiny=card_condition(site, raw, "destiny", human),
        fate=card_condition(site, raw, "fate", human),
        text=card_text(site, raw), effects=parse_effects(site, raw.get("effects", [])),
        source=source, distinction=title, place=card_place(site, raw, code))


def card_place(site, raw, code) -> str:
    """Where an Events card comes into play: "the Earth, unless otherwise specified,
    such as the Marches for Ethereals"; a Tether is "one [Location] on Earth or the
    Marches", and so may a Location card be.  Ethereals are always in the Marches."""
    if code in V.PLACED_TYPES and "place" in raw:
        return want_name(site, raw, "place", V.PLACES)
    presence(site, raw, "place", False, "tether and location")
    return "marches" if code == V.ETHEREAL else "earth"


def card_text(site, raw) -> str:
    """The card's printed game text (verbatim from the rulebook for sample cards)."""
    v = raw.get("text", "")
    if not isinstance(v, str):
        raise site.error("text", f"{v!r} is not a string", "a string")
    return v


def card_kind(site, raw, code) -> str | None:
    """Servitors name their Choir or Band; Objects, Ranks and Interventions their kind."""
    kinds = V.KINDS_BY_TYPE.get(code)
    if presence(site, raw, "kind", kinds is not None, _KIND_TYPES):
        return want_name(site, raw, "kind", kinds)
    return None


def card_distinction(site, raw, code, kind) -> str | None:
    """A Distinction's title (rulebook, "Ranks": "either angelic -- Vassal, Friend,
    and Master -- or demonic -- Knight, Captain, and Baron"), its rung on the ladder."""
    if presence(site, raw, "distinction", code == V.RANK and kind == "distinction", "distinction rank"):
        return want_name(site, raw, "distinction", V.DISTINCTIONS)
    return None


def card_cost(site, raw, code) -> int:
    """Repository cards cost Essence to play; Events cards are flipped, never paid for."""
    repository = code in V.REPOSITORY_TYPES
    if presence(site, raw, "cost", repository, "Repository (servitor to personal_act)"):
        return want_int(site, raw, "cost", 0)
    return 0


def card_side(site, raw, code, kind, title) -> str | None:
    """A Servitor's side is its Choir's or Band's, a Distinction's its title's
    (Vassals are angelic, Knights demonic); other cards may name one."""
    side = want_name(site, raw, "side", V.SIDES) if "side" in raw else None
    if code == V.SERVITOR:
        derived, by = ("heaven" if V.SERVITOR_KINDS[kind] in V.HEAVEN_KINDS else "hell"), f"kind {kind!r}"
    elif title is not None:
        derived, by = ("heaven" if V.DISTINCTIONS[title][0] == V.HEAVEN else "hell"), f"distinction {title!r}"
    else:
        return side
    if side not in (None, derived):
        raise site.error("side", f"{side!r} disagrees with {by}", repr(derived))
    return derived


def card_superiors(site, raw, title) -> tuple[str, ...]:
    """Superiors allowed to use the card (Pyres: "Gabriel, Belial, or Saminga"); empty = any.
    Distinctions "are specific to a given Superior": they name exactly one."""
    v = raw.get("superiors", [])
    if not isinstance(v, list) or not all(isinstance(s, str) and s for s in v):
        raise site.error("superiors", f"{v!r} is not a list of names", "a list of Superior names")
    if title is not None and len(set(v)) != 1:
        raise site.error("superiors", f"{v!r} on a Distinction",
                         "exactly one Superior (Distinctions are specific to a given Superior)")
    return tuple(v)


def card_stats(site, raw, code) -> tuple[tuple[int, int], ...] | None:
    """Beings have (Attack, Hits) in each realm, written Ce/E/Co in the rulebook.
    Hits >= 1: a Being at 0 Hits in a realm could never act ("Beings in Detail")."""
    beings = code in V.BEING_TYPES
    stats = []
    for realm in V.REALMS:
        if presence(site, raw, realm, beings, _BEINGS):
            v = raw[realm]
            ok = (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
                  and 0 <= v[0] <= INT_MAX and 1 <= v[1] <= INT_MAX)
            if not ok:
                raise site.error(realm, f"{v!r} is not [attack, hits]",
                                 f"[attack from 0 to {INT_MAX}, hits from 1 to {INT_MAX}] integers")
            stats.append((v[0], v[1]))
    return tuple(stats) if beings else None


def card_condition(site, raw, key, human) -> Condition | None:
    """Destiny/Fate: ``{counter, at_least = n}``, ``{counter, at_most = n}`` or
    ``{counter, more_than = "<counter>"}`` (rulebook, "Humans"; the sample's four Humans;
    "Animals have lifespans, with Destinies and Fates")."""
    if not presence(site, raw, key, human, _MORTALS):
        return None
    v = raw[key]
    form = '{counter = "...", at_least = n | at_most = n | more_than = "<counter>"}'
    if not isinstance(v, dict):
        raise site.error(key, f"{v!r} is not a table", form)
    check_keys(site, v, ["counter", *V.CONDITION_OPS], prefix=f"{key}.")
    counter = want_name(site, v, "counter", V.COUNTERS, label=f"{key}.counter")
    ops = [op for op in V.CONDITION_OPS if op in v]
    if len(ops) != 1:
        raise site.error(key, f"{len(ops)} comparisons given",
                         f"exactly one of {choices(V.CONDITION_OPS)}")
    op = ops[0]
    if op == "more_than":
        return Condition(counter, op, 0, want_name(site, v, op, V.COUNTERS, label=f"{key}.{op}"))
    return Condition(counter, op, want_int(site, v, op, 0, label=f"{key}.{op}"))


# ------------------------------------------------------------------ Superior sheets
SUPERIOR_KEYS = ("name", "side", "title", "dissonance", "ability")


def parse_superior(raw, source, index) -> Superior:
    """One ``[[superior]]`` sheet (rulebook, "Game Play" and the sample's sheets)."""
    site, name = named_table(source, raw, "superior", index, SUPERIOR_KEYS)
    side = want_name(site, raw, "side", V.SIDES)
    condition, text = superior_dissonance(site, raw)
    abilities = raw.get("ability", [])
    if not isinstance(abilities, list):
        raise site.error("ability", "is not an array of tables", "[[superior.ability]] tables")
    parsed = tuple(parse_ability(site, a, i, side) for i, a in enumerate(abilities))
    rows = sum(len(a.effects) for a in parsed)
    if rows > SUPERIOR_EFFECT_ROWS:
        raise site.error("ability", f"{rows} ability effects", f"at most {SUPERIOR_EFFECT_ROWS}")
    return Superior(name, side, want_str(site, raw, "title"), condition, text, parsed, source)


def superior_dissonance(site, raw) -> tuple[str, str]:
    """``dissonance = {condition = "<SUPERIOR_DISSONANCE>", text = "..."}``."""
    v = raw.get("dissonance")
    if not isinstance(v, dict):
        problem = "missing required field" if v is None else f"{v!r} is not a table"
        raise site.error("dissonance", problem, '{condition = "...", text = "..."}')
    check_keys(site, v, ["condition", "text"], prefix="dissonance.")
    condition = want_name(site, v, "condition", V.SUPERIOR_DISSONANCE, label="dissonance.condition")
    return condition, want_str(site, v, "text", label="dissonance.text")


def parse_ability(site, raw, index, side) -> Ability:
    """A Choir/Band ability: "Choir or Band abilities which any Servitor of the
    appropriate type has added to their game text automatically"."""
    label = f"ability[{index}]"
    if not isinstance(raw, dict):
        raise site.error(label, "is not a table", "{kind, text, effects}")
    check_keys(site, raw, ["kind", "text", "effects"], prefix=f"{label}.")
    own = V.HEAVEN_KINDS if side == "heaven" else V.HELL_KINDS
    kinds = [k for k, c in V.SERVITOR_KINDS.items() if c in own]
    kind = want_name(site, raw, "kind", kinds, label=f"{label}.kind")
    effects = parse_effects(Site(site.source, f"{site.where} {label}"), raw.get("effects", []), kind)
    return Ability(kind, want_str(site, raw, "text", label=f"{label}.text"), effects)
