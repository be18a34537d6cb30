"""Scripted play styles: weights that score the legal choices (DESIGN §4).

A policy is a vector of weights (``policies/*.toml``), so a designer adds a
style without code.  Every decision point scores its legal options with the
seat's weights and takes the best positive one; the random-legal baseline
(``random = 1``) instead scores every legal option uniformly at random from the
policy stream.  Ties are broken by the same stream.
"""
import numpy as np
from numba import njit

from ...sim.seeding import POLICY, uniform
from ...rules.innomine.tables import D_ATK, D_HITS

WEIGHTS = {
    "random": "1 = random-legal baseline: every legal option equally likely",
    "reserve": "Essence kept back when playing Acts",
    "servitor": "value of bringing a Servitor into play",
    "attach": "value of Songs, Objects, Ranks, Rites and Skills",
    "influence": "value of Influencing a Human or Ethereal",
    "court": "value of a Human's action toward its side's Destiny or Fate",
    "attack_servitor": "value of attacking enemy Servitors",
    "attack_human": "value of killing Humans whose afterlife now favours you or denies the enemy",
    "descend": "value of sending Servitors down a Tether to Earth",
    "hold_tether": "value of keeping Servitors at your Tethers",
    "gang": "1 = other Beings join an attack",
    "retreat": "1 = a defender with nothing worth doing in a combat Retreats when the enemy's blows would "
               "reduce it to 0 Hits within two rounds",
    "trade_discord": "notes of Dissonance at which three are traded for a Discord level",
    "defend": "1 = Beings defend others at their Location",
    "wait": "base value of the Wait action",
    "d666_before": "d666 variant: Essence spent before an Influence roll, +1 to the target each",
    "d666_after": "d666 variant: most Essence spent after a failed Influence roll to make it succeed (2 per +1)",
    "combat_acts": "1 = play Combat Acts in a combat where they answer it (Send Reinforcements when outnumbered, "
                   "Pit Trap against a declared blow that would bring a Being to 0 Hits, Attack and Defense Acts "
                   "for the combat type that favours the side); 0 = never",
}
(W_RANDOM, W_RESERVE, W_SERVITOR, W_ATTACH, W_INFLUENCE, W_COURT, W_ATTACK_SERVITOR,
 W_ATTACK_HUMAN, W_DESCEND, W_HOLD_TETHER, W_GANG, W_RETREAT, W_TRADE_DISCORD, W_DEFEND,
 W_WAIT, W_D666_BEFORE, W_D666_AFTER, W_COMBAT_ACTS) = range(len(WEIGHTS))
N_WEIGHTS = len(WEIGHTS)
NOTE_COST = 0.25      # how much a scripted policy dislikes a note of Dissonance, in action values


def weights_vector(table):
    """A policy's TOML table (name -> number) as the kernel's weight vector."""
    return np.array([float(table[k]) for k in WEIGHTS], dtype=np.float64)


@njit(cache=True)
def weight(s, p, k):
    return s.w[p, k]


@njit(cache=True)
def is_random(s, p):
    return s.w[p, W_RANDOM] > 0.5


@njit(cache=True)
def score(s, p, value):
    """The policy's score of a legal option worth ``value`` to seat p.

    Random-legal: uniform in (0, 1], so every legal option can win.  Scripted:
    the value plus a tiny tie-break from the policy stream.
    """
    if s.w[p, W_RANDOM] > 0.5:
        return 1.0 - uniform(s.rng, POLICY)
    return value + 1e-6 * uniform(s.rng, POLICY)


@njit(cache=True)
def servitor_value(s, t, p, d):
    """How much seat p wants a Servitor of design d in play: more for higher stats."""
    stats = t.C[d, D_ATK + 0] + t.C[d, D_ATK + 1] + t.C[d, D_ATK + 2] + t.C[d, D_HITS + 0] + t.C[d, D_HITS + 1] + t.C[d, D_HITS + 2]
    return weight(s, p, W_SERVITOR) * (1.0 + 0.02 * stats)
