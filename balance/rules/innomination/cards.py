"""Innomination's cards as data: Leaders (1g), Main Deck cards (1e), Sources
(1d), named cards (2a), tokens, and their effects, read from a TOML card file
(docs/innomination.md, "Card file format") with one-line errors naming the
file, the card, the field and what is allowed (DESIGN §8)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from ...fields import DeckError, Site, check_keys, choices, did_you_mean, named_table, want_int, want_str
from . import vocabulary as V

SECTIONS = ("set", "leader", "card", "source", "named", "token", "deck")
COMMON = ("name", "nation", "quoted")
KEYS = {"leader": (*COMMON, "life", "passive", "second", "unleash"),
        "card": (*COMMON, "type", "cost", "attack", "life", "traits", "effects", "tribe", "attach", "upkeep"),
        "source": (*COMMON, "element", "produce", "basic", "traits", "effects", "upkeep"),
        "named": (*COMMON, "type", "from", "cost", "requires", "attack", "life", "traits", "effects", "tribe",
                  "attach", "upkeep", "spell"),
        "token": (*COMMON, "attack", "life", "traits", "tribe")}
EFFECT_KEYS = ("keywords", "aether", "sacrifice", "count", "do")
TUNABLE = ("cost",)                     # what ``balance tune`` moves: a card's Aether cost (its Neutral part)


class Immutable:
    """Card data: a copied game (a search's rollout) shares it."""

    def __deepcopy__(self, memo):
        return self


@dataclass(frozen=True)
class Step(Immutable):
    """One operation of an effect (vocabulary.OPS) with its arguments, and the
    step that follows it ("then ...")."""
    do: str
    args: dict
    then: Step | None = None

    def ops(self):
        """This step's operation and every later one's."""
        return (self.do, *(self.then.ops() if self.then else ()))


@dataclass(frozen=True)
class Effect(Immutable):
    """One effect slot (6a): its compound keyword read left to right, what it
    costs (Aether, sacrifices) and its first step."""
    keywords: tuple                     # ((name, X or None), ...)
    step: Step
    aether: dict = field(default_factory=dict)
    sacrifice: tuple | None = None      # (token name, how many)
    count: str | None = None

    @cached_property
    def names(self) -> frozenset:
        return frozenset(k for k, _ in self.keywords)

    def has(self, keyword: str) -> bool:
        return keyword in self.names

    def x(self, keyword: str):
        return next(x for k, x in self.keywords if k == keyword)

    @property
    def timing(self) -> str:
        """When it activates: the first keyword that says when, else ACT/COST (any time you may act, 6d E)."""
        names = [k for k, _ in self.keywords if k != "CHAIN"]
        return names[0] if names else "CHAIN"

    @property
    def chainable(self) -> bool:
        """It carries the chain marker: it may be activated when its owner has priority (6f)."""
        return self.has("CHAIN")

    @property
    def only_produces(self) -> bool:
        """4: a keyword effect that produces only Aether cannot create an Effect Chain."""
        return set(self.step.ops()) == {"produce"}


@dataclass(frozen=True)
class Card(Immutable):
    """A card definition.  ``kind`` is the file's section; ``index`` the card's
    bit in the records' masks (Main Deck and named cards), else -1."""
    name: str
    kind: str
    type: str                           # creature, spell, attachment, chain, source, leader
    nation: str
    cost: dict = field(default_factory=dict)
    attack: int = 0
    life: int = 0
    traits: dict = field(default_factory=dict)     # name -> X (None without)
    effects: tuple = ()
    tribe: str | None = None
    attach: str | None = None
    upkeep: int = 0
    element: str | None = None
    produce: int = 0
    basic: bool = False
    named_from: str | None = None
    requires: dict = field(default_factory=dict)
    spell: tuple = ()                   # "You may play this card as a Spell" (Solora of Gilnes)
    passive: Effect | None = None
    second: Effect | None = None
    unleash: Effect | None = None
    quoted: str | None = None
    index: int = -1

    def trait(self, name: str, default=0):
        """The trait's X (1 for a trait without X), or ``default`` if the card lacks it."""
        if name not in self.traits:
            return default
        x = self.traits[name]
        return 1 if x is None else x

    @property
    def named(self) -> bool:
        return self.kind == "named"

    @cached_property
    def statics(self) -> tuple:
        """(slot, effect) of its stat effects that are always on or an AURA (creatures.static_effects)."""
        return tuple((slot, e) for slot, e in enumerate(self.effects)
                     if e.step.do == "stat" and (e.has("ALWAYS") or e.has("AURA")))

    @property
    def total_cost(self) -> int:
        return sum(self.cost.values())


def read_cost(site: Site, raw, key="cost") -> dict:
    """An Aether cost: a whole number (Neutral Aether) or {element = n}."""
    if raw is None:
        return {}
    if type(raw) is int:
        raw = {V.ANY: raw}
    if not isinstance(raw, dict):
        raise site.error(key, f"{raw!r} is not a cost", "a whole number or a table {element = n}")
    for element, n in raw.items():
        if element not in V.ELEMENTS:
            raise site.error(f"{key}.{element}", "unknown element", choices(V.ELEMENTS))
        want_int(site, raw, element, 0, label=f"{key}.{element}")
    return {e: n for e, n in raw.items() if n}


def read_traits(site: Site, raw) -> dict:
    """Printed traits (``ARMOR(1)``, ``(2) ACTIONS``), each of section 4's."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise site.error("traits", f"{raw!r} is not a list", "a list of traits as printed")
    out = {}
    for text in raw:
        parsed = V.parse(text, V.TRAITS)
        if isinstance(parsed, str):
            raise site.error("traits", parsed, f"traits as printed: {choices(V.TRAITS)} (X where required)")
        out[parsed[0]] = parsed[1]
    return out


def read_keywords(site: Site, raw, where: str) -> tuple:
    """An effect's compound keyword: a list of keywords as printed, hooks, PLAY or ALWAYS."""
    if not isinstance(raw, list):
        raise site.error(where, f"{raw!r} is not a list", "a list of keywords as printed")
    out = []
    for text in raw:
        if text in (*V.HOOKS, V.PLAY, V.ALWAYS):
            out.append((text, None))
            continue
        parsed = V.parse(text, V.KEYWORDS)
        if isinstance(parsed, str):
            raise site.error(where, parsed, f"{choices(V.KEYWORDS)} (X where required), {choices(V.HOOKS)}, "
                                            f"{V.PLAY}, {V.ALWAYS}")
        if parsed[0] in V.UNMODELLED:
            raise site.error(where, f"{parsed[0]} is not modelled (no rule says how a card enters a Reserve "
                                    f"Zone)", "the other keywords")
        out.append(parsed)
    return tuple(out)


def read_step(site: Site, raw, where: str) -> Step:
    """One operation and its arguments, and its ``then``."""
    if not isinstance(raw, dict):
        raise site.error(where, f"{raw!r} is not a table", "a table with do = an operation")
    op = raw.get("do")
    if op not in V.OPS:
        raise site.error(f"{where}.do", f"unknown operation {op!r}", choices(V.OPS))
    needed, optional = V.OPS[op]
    allowed = ("do", *needed, *optional, "then")
    for key in raw:
        if key not in allowed and key not in EFFECT_KEYS:
            raise site.error(f"{where}.{key}", f"unknown argument of {op}", choices(allowed))
    args = {}
    for key in (*needed, *optional):
        if key not in raw:
            if key in needed:
                raise site.error(f"{where}.{key}", "missing argument", f"{op} takes {choices(needed)}")
            continue
        args[key] = read_argument(site, raw, key, f"{where}.{key}")
    then = read_step(site, raw["then"], f"{where}.then") if "then" in raw else None
    return Step(op, args, then)


def read_argument(site: Site, raw: dict, key: str, where: str):
    """One argument of an operation, checked against the vocabulary."""
    v = raw[key]
    if key in ("amount", "max_cost", "low_life", "low_amount"):
        return want_int(site, raw, key, 0, label=where)
    if key in ("attack", "life"):
        return want_int(site, raw, key, -99, label=where, high=99)
    if key in ("to_graveyard", "enter"):
        if not isinstance(v, bool):
            raise site.error(where, f"{v!r} is not true or false", "true or false")
        return v
    closed = {"target": V.TARGETS, "scope": V.NEGATE_SCOPES, "until": V.UNTIL, "card_type": V.SEARCH_TYPES,
              "element": V.ELEMENTS}
    if key in closed:
        if v not in closed[key]:
            raise site.error(where, f"unknown value {v!r}", choices(closed[key]))
        return v
    if key == "effect":
        return read_effect(site, v, where)
    if key == "with":
        return read_step(site, v, where)
    return want_str(site, raw, key, label=where)       # token, card, tribe: names, checked once all are read


def read_effect(site: Site, raw, where: str) -> Effect:
    """One effect table (docs/innomination.md, "Card file format")."""
    if not isinstance(raw, dict):
        raise site.error(where, f"{raw!r} is not a table", "an effect table")
    keywords = read_keywords(site, raw.get("keywords", []), f"{where}.keywords")
    sacrifice = raw.get("sacrifice")
    if sacrifice is not None:
        if not isinstance(sacrifice, dict) or set(sacrifice) != {"token", "amount"}:
            raise site.error(f"{where}.sacrifice", f"{sacrifice!r}", "{token = name, amount = n}")
        sacrifice = (want_str(site, sacrifice, "token", label=f"{where}.sacrifice.token"),
                     want_int(site, sacrifice, "amount", 1, label=f"{where}.sacrifice.amount"))
    count = raw.get("count")
    has_count = any(k == "COUNT" for k, _ in keywords)
    if has_count != (count is not None) or (count is not None and count not in V.COUNTS):
        raise site.error(f"{where}.count", f"{count!r}", f"with COUNT(X) only: {choices(V.COUNTS)}")
    return Effect(keywords, read_step(site, raw, where), read_cost(site, raw.get("aether"), f"{where}.aether"),
                  sacrifice, count)


def read_effects(site: Site, raw, key="effects") -> tuple:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise site.error(key, f"{raw!r} is not a list", "a list of effect tables")
    return tuple(read_effect(site, e, f"{key}[{i}]") for i, e in enumerate(raw))


def read_card(source, section: str, i: int, raw) -> Card:
    """One entry of ``section`` (``[[card]]``, ``[[named]]`` ...)."""
    site, name = named_table(source, raw, section, i, KEYS[section])
    nation = raw.get("nation")
    if nation not in V.NATIONS:
        raise site.error("nation", f"unknown Nation {nation!r}", choices(V.NATIONS))
    common = {"name": name, "kind": section, "nation": nation, "quoted": raw.get("quoted")}
    if section == "leader":
        return Card(**common, type="leader", life=want_int(site, raw, "life", 1),
                    **{k: read_effect(site, raw[k], k) if k in raw else None for k in ("passive", "second", "unleash")})
    traits = read_traits(site, raw.get("traits"))
    effects = read_effects(site, raw.get("effects"))
    if len(effects) + len(traits) > V.MAX_SLOTS:
        raise site.error("effects", f"{len(traits)} traits and {len(effects)} effects",
                         f"at most {V.MAX_SLOTS} slots, a trait taking one (6a)")
    common |= {"traits": traits, "effects": effects, "upkeep": want_int(site, raw, "upkeep", 0, default=0)}
    if section == "source":
        return Card(**common, type="source", element=want_element(site, raw), produce=want_int(
            site, raw, "produce", 0, default=1), basic=bool(raw.get("basic", False)))
    if section == "token":
        return Card(**common, type="creature", attack=want_int(site, raw, "attack", 0),
                    life=want_int(site, raw, "life", 1), tribe=raw.get("tribe"))
    kind = raw.get("type")
    if kind not in V.CARD_TYPES:
        raise site.error("type", f"unknown card type {kind!r}", choices(V.CARD_TYPES))
    card = Card(**common, type=kind, cost=read_cost(site, raw.get("cost", 0)), tribe=raw.get("tribe"))
    card = with_type_fields(site, raw, card)
    if section == "named":
        card = replace(card, named_from=want_str(site, raw, "from"), requires=read_requires(site, raw),
                       spell=read_effects(site, raw.get("spell"), "spell"))
    return card


def want_element(site: Site, raw) -> str:
    v = raw.get("element")
    if v not in V.ELEMENTS[:-1]:
        raise site.error("element", f"unknown element {v!r}", choices(V.ELEMENTS[:-1]))
    return v


def with_type_fields(site: Site, raw, card: Card) -> Card:
    """A creature's Attack and Life; an attachment's side; a Chain card's chain
    effect ("If a CHAIN card has no chain effect ... it's a legitimate mistake", 6h)."""
    if card.type == "creature":
        return replace(card, attack=want_int(site, raw, "attack", 0), life=want_int(site, raw, "life", 1))
    for key in ("attack", "life"):
        if key in raw:
            raise site.error(key, "not used by this card type", "only on creatures")
    if card.type == "attachment":
        v = raw.get("attach")
        if v not in V.ATTACH:
            raise site.error("attach", f"{v!r}", choices(V.ATTACH))
        return replace(card, attach=v)
    if card.type == "chain" and not any(e.chainable for e in card.effects):
        raise site.error("effects", "a Chain card without a CHAIN effect does nothing in a chain (6h)",
                         "at least one effect with CHAIN in its keywords")
    return card


def read_requires(site: Site, raw) -> dict:
    """A named card's naming requirements (2a, 18)."""
    req = raw.get("requires", {})
    if not isinstance(req, dict):
        raise site.error("requires", f"{req!r}", f"a table of {choices(V.REQUIREMENTS)}")
    check_keys(site, req, V.REQUIREMENTS, "requires.")
    return {k: want_int(site, req, k, 0, label=f"requires.{k}") for k in req}


def check_names(source, cards: dict[str, Card]) -> None:
    """Every name a card refers to exists: a named card's base, tokens, revived cards."""
    for card in cards.values():
        site = Site(source, f"{card.kind} {card.name!r}")
        if card.named_from is not None and cards.get(card.named_from, Card("", "", "", "")).kind != "card":
            raise site.error("from", f"{card.named_from!r} is not a Main Deck card" + did_you_mean(
                card.named_from, [c.name for c in cards.values() if c.kind == "card"]), "a [[card]] name")
        for e in (*card.effects, *card.spell, card.passive, card.second, card.unleash):
            if e is not None:
                check_step_names(site, e.step, cards)
                if e.sacrifice and e.sacrifice[0] not in cards:
                    raise site.error("sacrifice.token", f"unknown card {e.sacrifice[0]!r}", "a [[token]] name")


def check_step_names(site: Site, step: Step | None, cards: dict[str, Card]) -> None:
    while step is not None:
        for key, kind in (("token", "token"), ("card", "named")):
            name = step.args.get(key)
            if name is not None and cards.get(name, Card("", "", "", "")).kind != kind:
                raise site.error(f"{step.do}.{key}", f"unknown {kind} {name!r}" + did_you_mean(name, cards),
                                 f"a [[{kind}]] name")
        if isinstance(step.args.get("effect"), Effect):
            check_step_names(site, step.args["effect"].step, cards)
        if isinstance(step.args.get("with"), Step):
            check_step_names(site, step.args["with"], cards)
        step = step.then


def read_pool(source, raw: dict) -> dict[str, Card]:
    """Every card of the file by name, Main Deck and named cards numbered for the masks."""
    check_keys(Site(source, "file"), raw, SECTIONS)
    cards: dict[str, Card] = {}
    for section in SECTIONS[1:-1]:
        entries = raw.get(section, [])
        if not isinstance(entries, list):
            raise DeckError(source, section, section, f"{entries!r}", f"[[{section}]] tables")
        for i, entry in enumerate(entries):
            card = read_card(source, section, i, entry)
            if card.name in cards:
                raise DeckError(source, f"{section} {card.name!r}", "name", "a second card of this name",
                                "unique names")
            cards[card.name] = card
    check_names(source, cards)
    masked = [n for n, c in cards.items() if c.kind in ("card", "named")]
    if len(masked) > 64:
        raise DeckError(source, "file", "card", f"{len(masked)} Main Deck and named cards",
                        "at most 64 (the records' masks are 64 bits)")
    return {n: replace(c, index=masked.index(n)) if n in masked else c for n, c in cards.items()}
