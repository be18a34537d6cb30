"""The d666 rule variant (house rules, ``shared/seeds/001_fcc1749b02176fe8.txt``,
"The d666"; docs/rules.md, I-d666).

A d666 is three dice: two summed against a target number (success when the
sum is at most the target), the third the check digit.  The house rules:
"You cannot attempt a roll unless your target number is at least a 2"; "A roll
of 12 automatically fails [...] you may add (target number - 11) to the check
digit of a successful roll"; "If you spend [Essence] in advance, each +1 to
the target number costs 1 Essence.  If you spend it afterward, each
retroactive +1 costs 2 Essence."

The classic rules' d6-against-Hits rolls become d666 rolls: a classic roll that
succeeds on ``faces`` of the six die faces becomes a d666 against the target
whose chance of success is nearest to faces / 6 (``target_for_faces``).
"""
from numba import njit

from ...sim.seeding import d6

CLASSIC, D666 = 0, 1
VARIANTS = {"classic": CLASSIC, "d666": D666}
NO_ROLL = 1              # a target below 2: no roll may be attempted
ALWAYS_FAILS = 12


@njit(cache=True)
def ways_to_sum(k):
    """Ways (of 36) two dice sum to k, for k from 2 to 12."""
    return 6 - abs(k - 7)


@njit(cache=True)
def ways_at_most(target):
    """Ways (of 36) two dice sum to at most ``target`` without rolling the 12 that always fails."""
    n = 0
    for k in range(2, min(target, ALWAYS_FAILS - 1) + 1):
        n += ways_to_sum(k)
    return n


@njit(cache=True)
def p_success(target):
    """Exact chance a d666 against ``target`` succeeds (0 below 2: no roll)."""
    if target < 2:
        return 0.0
    return ways_at_most(target) / 36.0


@njit(cache=True)
def target_for_faces(faces):
    """The d666 target standing for a classic d6 roll that succeeds on ``faces``
    of 6 faces: the target 2..11 whose success chance is nearest faces / 6 (on a
    tie, the higher); no face succeeds -> no roll.  Compared in 36ths, exactly."""
    if faces <= 0:
        return NO_ROLL
    want = 6 * faces
    best, gap, ways = 2, 37, 0
    for target in range(2, ALWAYS_FAILS):
        ways += ways_to_sum(target)             # ways_at_most(target), built up as target grows
        if abs(ways - want) <= gap:
            best, gap = target, abs(ways - want)
    return best


@njit(cache=True)
def roll(rng, target):
    """Roll a d666 against ``target``: (success, sum of the two dice, check digit).
    The check digit of a success gains (target - 11) when the target is 12 or more."""
    a = d6(rng)
    b = d6(rng)
    check = d6(rng)
    ok = target >= 2 and a + b <= target and a + b != ALWAYS_FAILS
    if ok and target > 11:
        check += target - 11
    return ok, a + b, check


@njit(cache=True)
def rescue_cost(total, target):
    """Essence needed after a failed roll to make it succeed (2 per retroactive
    +1), or -1 when nothing can (a 12, or no roll was allowed)."""
    if total == ALWAYS_FAILS or target < 2:
        return -1
    return 2 * (total - target)


@njit(cache=True)
def d6_check(rng, variant, faces, high):
    """A roll the classic rules make with one d6 that succeeds on ``faces`` of
    its six faces: the highest ones when ``high`` (the Ofanite's "on a 1, the
    Ofanite does not gain an action", faces 5), the lowest otherwise (a Discord
    roll "less than or equal to the levels of the Discord", faces = levels).
    Under the d666 variant it is the d666 against ``target_for_faces(faces)``
    (docs/rules.md, I-d666); nobody buys +1 to these targets with Essence.
    Returns (success, the roll that decided it, amount): the d6 twice, or the
    d666's two dice summed and its check digit, which stands for the die where
    the roll also measures an amount (the Calabite's damage, a fading note's turns)."""
    faces = min(6, max(0, faces))
    if variant == D666:
        return roll(rng, target_for_faces(faces))
    r = d6(rng)
    return (r > 6 - faces) if high else (r <= faces), r, r


@njit(cache=True)
def check_chance(variant, faces, bought=0):
    """Exact chance that a roll succeeding on ``faces`` faces of a d6 succeeds in
    ``variant``: ``d6_check``'s, or with ``bought`` +1s to the d666 target bought
    before it, a Resonance roll's (resonances.resonance_roll)."""
    faces = min(6, max(0, faces))
    if variant == D666:
        return p_success(target_for_faces(faces) + bought)
    return faces / 6.0
