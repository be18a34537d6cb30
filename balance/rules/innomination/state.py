"""The state of one game of Innomination: the cards in play and their zones
(1a), each player's Leader, decks, hand, piles and Aether (1d), the Effect
Chain (6f), and what the records keep.  Rules modules change it; agents read
it and choose among the options the rules list (decisions.py)."""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field as new

from .cards import Card

END_REASONS = {0: "Leader defeated", 1: "deck-out", 2: "turn cap"}
DEFEATED, DECK_OUT, TURN_CAP = 0, 1, 2
HAND_MAX = 9                            # 5, "The Hand"


class GameOver(Exception):
    """One player is left: the game ends at once, with whatever was resolving (5, "Losing")."""


class PlayerLost(Exception):
    """A player lost and the game goes on: the effect chain ends (6c, 5 "Losing")."""


class Thing:
    """One card in the game: its definition and what has happened to it."""
    __slots__ = ("uid", "card", "owner", "zone", "damage", "attack_mod", "life_mod", "temp_attack", "temp_life",
                 "actions", "sick", "flipped", "attached", "host", "timers", "counts", "shields", "granted",
                 "entered_turn", "negated_aura")

    def __init__(self, uid: int, card: Card, owner: int, zone: str):
        self.uid, self.card, self.owner, self.zone = uid, card, owner, zone
        self.damage = self.attack_mod = self.life_mod = self.temp_attack = self.temp_life = 0
        self.actions, self.sick, self.flipped = 0, False, False
        self.attached: list[Thing] = []
        self.host: Thing | None = None
        self.timers: dict[int, int] = {}        # effect slot -> turns left (TIMER)
        self.counts: dict[int, int] = {}        # effect slot -> count (COUNT)
        self.shields = card.trait("SHIELD")
        self.granted: list[list] = []           # [Effect, turns left or None] gained by an effect (6b B)
        self.entered_turn = -1
        self.negated_aura = False

    def __repr__(self):
        return f"{self.card.name}#{self.uid}"

    def __deepcopy__(self, memo):
        """A copy for a copied game (a search's rollout): its card shared, the
        cards it holds or lies under copied once through ``memo``."""
        new = Thing.__new__(Thing)
        memo[id(self)] = new
        for name in Thing.__slots__:
            setattr(new, name, getattr(self, name))
        new.attached = [copy.deepcopy(a, memo) for a in self.attached]
        new.host = copy.deepcopy(self.host, memo)
        new.timers, new.counts = dict(self.timers), dict(self.counts)
        new.granted = [list(g) for g in self.granted]
        return new


@dataclass
class Player:
    seat: int
    entrant: int
    deck_name: str
    leader: Thing
    main: list = new(default_factory=list)        # the top card is main[-1]
    hand: list = new(default_factory=list)
    field: list = new(default_factory=list)       # creatures in play
    sources: list = new(default_factory=list)     # Sources in play
    grave: list = new(default_factory=list)
    banish: list = new(default_factory=list)
    removed: list = new(default_factory=list)
    named: list = new(default_factory=list)       # the Named Deck
    source_deck: list = new(default_factory=list)
    pool: dict = new(default_factory=dict)        # Aether produced and not yet spent, by element
    named_open: bool = False
    named_this_turn: bool = False
    source_this_turn: bool = False
    unleashed: bool = False
    second_used: bool = False
    lost: bool = False
    own_turns: int = 0
    deck_size: int = 0                              # its cards, counted at setup (invariants.py)
    first_naming: int = 0                           # own turn of the first naming, 0 = none
    played: set = new(default_factory=set)       # mask bits of cards played or named
    aether_curve: list = new(default_factory=list)  # Aether produced in each own turn
    life_curve: list = new(default_factory=list)    # Leader life at the end of each own turn

    @property
    def life(self) -> int:
        return self.leader.card.life + self.leader.life_mod - self.leader.damage


@dataclass
class Link:
    """One link of an Effect Chain: a card played (its effects in order) or one
    effect activated; what has been negated or replaced of it."""
    controller: int
    thing: Thing | None
    effects: tuple                          # Effect, in printed order
    negated: set = new(default_factory=set)       # effect slots negated whole
    skip: dict = new(default_factory=dict)        # slot -> op negated within it ("destroy", "damage")
    replaced: dict = new(default_factory=dict)    # slot -> Step resolving in its place
    broken: bool = False
    after: object = None                    # called once it has resolved (a spell leaving play)
    breaks: bool = False                    # a Leader's Unleash: UNCHAINED, and it BREAKS THE CHAIN (1g)
    under: object = None                    # the link it was chained to
    opposing: object = None                 # the creature a CONTACT effect's card fights

    @property
    def unchained(self) -> bool:
        """6h: UNCHAINED cards and effects, and effects that only produce Aether, cannot be chained to."""
        t = self.thing
        return self.breaks or bool(t and t.card.trait("UNCHAINED")) or all(e.only_produces for e in self.effects)


@dataclass
class Game:
    players: list                           # by seat, seat 0 first in turn order
    cards: dict                             # the pool: name -> Card
    agents: list                            # by seat
    params: dict
    readings: int
    rng: random.Random                      # the game's draws (shuffles after a search)
    policy_rng: random.Random               # the agents' tie-breaks and random choices
    search_rng: random.Random               # a search agent's own draws
    trace: list | None = None
    turn: int = 0                           # turns begun, every player's
    active: int = 0
    chain: list = new(default_factory=list)
    resolving: bool = False
    chains_barred_until: int = -1           # BREAK THE CHAIN: no chains until this seat's Ready Phase
    next_uid: int = 0
    winner: int = -1                        # seat, -1 none
    end: int = -1

    def new_thing(self, card: Card, owner: int, zone: str) -> Thing:
        self.next_uid += 1
        return Thing(self.next_uid, card, owner, zone)

    def log(self, text: str) -> None:
        if self.trace is not None:
            self.trace.append(f"turn {self.turn}: {text}")

    def alive(self) -> list:
        return [p for p in self.players if not p.lost]

    def opponents(self, seat: int) -> list:
        """The other players still in, from ``seat``'s left (clockwise, 1b)."""
        n = len(self.players)
        return [self.players[(seat + k) % n] for k in range(1, n) if not self.players[(seat + k) % n].lost]

    def from_left(self, seat: int) -> list:
        """Every player still in, ``seat`` first, then from its left (6c)."""
        return [p for p in [self.players[seat], *self.opponents(seat)] if not p.lost]

    def creatures(self, seat: int | None = None) -> list:
        """Creatures in play (of ``seat``)."""
        return [t for p in self.players if seat is None or p.seat == seat for t in p.field]

