"""Seeded random streams (DESIGN §4, "Randomness").

Every game owns separate streams -- deck shuffles, dice, policy tie-breaks and
a search agent's own draws (``SEARCH``) -- each keyed by (experiment seed, game index, stream id).  A draw is a
counter-based hash of (key, counter): no hidden generator state, so the same
game is bit-identical whatever worker, chunk or backend plays it, and with the
JIT on or off.  Every value is a 32-bit word held in int64, and only the low
32 bits of a product are kept, so Python and numba agree exactly.
"""
from numba import njit

SHUFFLE, DICE, POLICY, SEARCH = 0, 1, 2, 3
N_STREAMS = 4
_M32 = 0xFFFFFFFF
_GOLDEN = 0x9E3779B9


@njit(cache=True)
def imul32(a, b):
    """(a * b) mod 2**32 for a, b < 2**32.  Compiled, the int64 product wraps; with
    the JIT off, int() makes it an exact Python int: the low 32 bits agree."""
    return (int(a) * int(b)) & _M32


@njit(cache=True)
def fmix32(h):
    """MurmurHash3's 32-bit finaliser: a bijective avalanche mix."""
    h ^= h >> 16
    h = imul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = imul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


@njit(cache=True)
def seed_streams(rng, root_seed, game_seed):
    """Key every stream of one game: rng[k] = (key1, key2, counter)."""
    r = fmix32(fmix32(root_seed & _M32) ^ ((root_seed >> 32) & _M32))
    g = fmix32(fmix32(r ^ (game_seed & _M32)) ^ ((game_seed >> 32) & _M32))
    for k in range(N_STREAMS):
        k1 = fmix32((g + imul32(k + 1, _GOLDEN)) & _M32)
        rng[k, 0] = k1
        rng[k, 1] = fmix32(k1 ^ 0x5BD1E995 ^ r)
        rng[k, 2] = 0


@njit(cache=True)
def rekey(rng, salt):
    """Key the game's streams (all but SEARCH) afresh from the SEARCH stream's key
    and ``salt``: a search rollout's own future, the same for every option of one
    decision that shares the salt (common random numbers)."""
    base = fmix32(rng[SEARCH, 0] ^ fmix32(salt & _M32) ^ fmix32((salt >> 32) & _M32))
    for k in range(SEARCH):
        k1 = fmix32((base + imul32(k + 1, _GOLDEN)) & _M32)
        rng[k, 0] = k1
        rng[k, 1] = fmix32(k1 ^ 0x5BD1E995 ^ rng[SEARCH, 1])
        rng[k, 2] = 0


@njit(cache=True)
def next32(rng, k):
    """Next 32-bit word of stream k."""
    rng[k, 2] += 1
    x = fmix32(imul32(rng[k, 2] & _M32, _GOLDEN) ^ rng[k, 0])
    return fmix32(x ^ rng[k, 1])


@njit(cache=True)
def below(rng, k, n):
    """A uniform integer in [0, n) from stream k (n small; bias < n / 2**32)."""
    return (next32(rng, k) * n) >> 32


@njit(cache=True)
def d6(rng):
    """One six-sided die from the dice stream."""
    return below(rng, DICE, 6) + 1


@njit(cache=True)
def uniform(rng, k):
    """A float in [0, 1) from stream k."""
    return next32(rng, k) / 4294967296.0

