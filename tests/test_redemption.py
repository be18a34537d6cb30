"""Bright Lilim and Redemption (rulebook, "Beings in Detail", Bright Lilim):
"Use the Lilim mechanics for Influence, Dissonance, and Discord (see Demons).
Obviously, Lilim oppose Bright Lilim.  Bright Lilim are very special... they
will never enter play except via Redemption (special play effect) of a Lilim
demon in play.  If drawn from your Repository, reveal the card, place it on
the bottom of your Repository, and redraw." (docs/rules.md, I55).

The test cards (tests/data/redemption.toml): Lumiel, a Bright Lilim; the
Personal Act Redemption; Whisper, a Lilim Belial may field.
"""
from positions import BELIAL, GABRIEL, Board, data_deck
from test_choirs import next_d6, traced

from balance.rules.innomine import state as S
from balance.rules.innomine.actions import take_action
from balance.agents.innomine.acts import card_value
from balance.rules.innomine.acts import acts_phase
from balance.rules.innomine.decks import deck_card, deck_count, draw_repository
from balance.rules.innomine.dissonance import dissonance_phase
from balance.rules.innomine.resonances import can_influence, lilim_counters, modifier, resonate
from balance.rules.innomine.tables import D_COST, D_HITS
from balance.rules.innomine.trace import T_BOTTOM, T_COUNTER, T_COUNTER_FAIL, T_FALL_DEMON, T_REDEEM
from balance.rules.innomine.vocabulary import ETHEREAL_REALM

NYBBAS = BELIAL
REPO = S.REPOSITORY


def gabriel_deck(tmp_path, lumiel=2):
    return data_deck(tmp_path, "gabriel", "redemption.toml", {"Lumiel": lumiel, "Redemption": 1}, {})


def redemption_board(tmp_path, hell="nybbas", lumiel=2, seed=1):
    """Nybbas (or ``hell``, a deck path) in seat 0, Gabriel with Lumiel and a
    Redemption in seat 1, nothing in play but New York."""
    b = Board(seed=seed, decks=(hell, gabriel_deck(tmp_path, lumiel)))
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


def copies(b, name, zone):
    I = b.s.I
    return [i for i in range(b.N) if I[i, S.F_DESIGN] == b.design(name) and I[i, S.F_ZONE] == zone]


# ================================================================== "If drawn from your Repository"
def test_a_bright_lilim_drawn_goes_to_the_bottom_and_the_player_redraws(tmp_path):
    """"If drawn from your Repository, reveal the card, place it on the bottom of
    your Repository, and redraw": never into the hand, at setup or in the Draw
    phase; a Repository of nothing but Bright Lilim gives no card and keeps them."""
    b = redemption_board(tmp_path, lumiel=30)
    s, I = b.s, b.s.I
    bottomed = [c for c, _, _ in traced(s, T_BOTTOM)]
    assert bottomed and all(I[c, S.F_DESIGN] == b.design("Lumiel") for c in bottomed)   # the opening hand
    assert not [c for c in b.hand(GABRIEL) if I[c, S.F_DESIGN] == b.design("Lumiel")]

    azra = b.on_top(GABRIEL, "Azra", REPO)
    lumiel = b.on_top(GABRIEL, "Lumiel", REPO)
    n = deck_count(s, GABRIEL, REPO)
    drawn = draw_repository(s, b.t, GABRIEL)
    assert drawn == azra and I[drawn, S.F_ZONE] == S.Z_HAND
    assert deck_count(s, GABRIEL, REPO) == n - 1 and deck_card(s, GABRIEL, REPO, n - 2) == lumiel
    assert I[lumiel, S.F_ZONE] == S.Z_REPO and traced(s, T_BOTTOM)[-1] == (lumiel, -1, 0)

    only = copies(b, "Lumiel", S.Z_REPO)
    s.decks[GABRIEL, REPO, :len(only)] = only
    s.S[GABRIEL, S.S_REPO_HEAD], s.S[GABRIEL, S.S_REPO_CNT] = 0, len(only)
    hand = b.hand(GABRIEL)
    assert draw_repository(s, b.t, GABRIEL) == -1
    assert b.hand(GABRIEL) == hand and deck_count(s, GABRIEL, REPO) == len(only)
    assert sorted(deck_card(s, GABRIEL, REPO, k) for k in range(len(only))) == sorted(only)


# ================================================================== Redemption
def test_redemption_discards_a_lilim_and_brings_a_bright_lilim_into_the_realm(tmp_path):
    """"via Redemption (special play effect) of a Lilim demon in play": Gabriel
    plays Redemption; Nybbas's Siren is discarded, and the first Lumiel of
    Gabriel's Repository enters Gabriel's Realm under his control, with no action
    this turn; the Repository, one card shorter, is reshuffled (I55)."""
    b = redemption_board(tmp_path)
    s, I = b.s, b.s.I
    siren = b.put(NYBBAS, "Siren", b.new_york)
    for c in b.hand(GABRIEL):
        I[c, S.F_ZONE] = S.Z_REMOVED
    red = b.to_hand(GABRIEL, "Redemption")
    s.S[GABRIEL, S.S_ESSENCE] = 20
    before = sorted(deck_card(s, GABRIEL, REPO, k) for k in range(deck_count(s, GABRIEL, REPO)))
    acts_phase(s, b.t, GABRIEL)
    (lumiel,) = copies(b, "Lumiel", S.Z_PLAY)
    assert I[red, S.F_ZONE] == S.Z_DISCARD and I[siren, S.F_ZONE] == S.Z_DISCARD
    assert I[lumiel, S.F_CTRL] == GABRIEL and I[lumiel, S.F_LOC] == b.realm(GABRIEL)
    assert I[lumiel, S.F_ACTS] == 0
    assert s.S[GABRIEL, S.S_ESSENCE] == 20 - b.t.C[b.design("Redemption"), D_COST]
    after = sorted(deck_card(s, GABRIEL, REPO, k) for k in range(deck_count(s, GABRIEL, REPO)))
    assert after == sorted(set(before) - {lumiel})
    assert traced(s, T_REDEEM) == [(lumiel, siren, 0)]


def test_redemption_needs_a_lilim_in_play_and_a_bright_lilim_to_enter_by_it(tmp_path):
    """Nothing to Redeem, or no Bright Lilim left in the Repository: the card is
    not played.  Of the Lilim in play that Gabriel does not control, he Redeems
    the one most worth taking out of play (I55): Siren, dearer than Whisper."""
    hell = data_deck(tmp_path, "belial", "redemption.toml", {"Whisper": 1, "Siren": 1}, {})
    b = redemption_board(tmp_path, hell=hell, lumiel=1)
    s, I = b.s, b.s.I
    red = b.to_hand(GABRIEL, "Redemption")
    assert card_value(s, b.t, GABRIEL, red) == (0.0, -1)
    whisper = b.put(BELIAL, "Whisper", b.new_york)
    siren = b.put(BELIAL, "Siren", b.new_york)
    value, target = card_value(s, b.t, GABRIEL, red)
    assert value > 0 and target == siren
    I[siren, S.F_CTRL] = GABRIEL                 # Influenced: his already
    assert card_value(s, b.t, GABRIEL, red)[1] == whisper
    I[b.take(GABRIEL, "Lumiel"), S.F_ZONE] = S.Z_REMOVED
    assert card_value(s, b.t, GABRIEL, red) == (0.0, -1)


# ================================================================== the Lilim mechanics
def test_a_bright_lilim_uses_the_lilim_mechanics_for_influence_dissonance_and_discord(tmp_path):
    """"Use the Lilim mechanics for Influence, Dissonance, and Discord" (I37): a
    success against the softest Hits gives Gabriel a counter, spent at once on a
    Human he does not hold and kept on one he does; a failure is a note; Aura
    helps every attempt to Influence the Bright Lilim; and, an angel, it Falls on
    a failed Dissonance roll, answered by a Lilim of the Prince ("Lilim oppose
    Bright Lilim")."""
    b = redemption_board(tmp_path)
    s, I = b.s, b.s.I
    lumiel = b.put(GABRIEL, "Lumiel", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york)
    sam = b.put(GABRIEL, "Sam Okafor", b.new_york)
    soft = b.t.C[b.design("Ed Holder"), D_HITS + ETHEREAL_REALM]
    assert soft == min(b.t.C[b.design("Ed Holder"), D_HITS:D_HITS + 3])
    r = next_d6(s, lambda r: r > soft)
    assert resonate(s, b.t, lumiel, ed)
    assert I[ed, S.F_CTRL] == GABRIEL and lilim_counters(s, ed, GABRIEL) == 0
    assert b.log()[-2:] == [f"Gabriel: Lumiel gains a Lilim counter on Ed Holder (roll {r})",
                            "Gabriel: spends a Lilim counter: Ed Holder comes under its Influence"]
    assert can_influence(s, b.t, lumiel, ed)
    next_d6(s, lambda r: r > soft)
    assert resonate(s, b.t, lumiel, ed) and lilim_counters(s, ed, GABRIEL) == 1       # kept in reserve
    r = next_d6(s, lambda r: r <= b.t.C[b.design("Sam Okafor"), D_HITS + ETHEREAL_REALM])
    assert not resonate(s, b.t, lumiel, sam)
    assert I[sam, S.F_CTRL] == -1 and I[lumiel, S.F_DISS] == 1
    assert b.log()[-2] == f"Gabriel: Lumiel fails to gain a Lilim counter on Sam Okafor (roll {r})"

    I[lumiel, S.F_ACTS] = 1
    rolls = len(traced(s, T_COUNTER)) + len(traced(s, T_COUNTER_FAIL))
    take_action(s, b.t, lumiel)                    # the policy Resonates on Sam
    assert len(traced(s, T_COUNTER)) + len(traced(s, T_COUNTER_FAIL)) == rolls + 1

    siren = b.put(NYBBAS, "Siren", b.new_york)
    base = modifier(s, b.t, siren, lumiel)
    I[lumiel, S.F_DISCORD] = 2
    assert modifier(s, b.t, siren, lumiel) == base + 2

    I[lumiel, S.F_DISS] = 10                       # all three dice below: the roll fails
    dissonance_phase(s, b.t, GABRIEL)
    assert I[lumiel, S.F_ZONE] == S.Z_DISCARD
    ((demon, cause, _),) = traced(s, T_FALL_DEMON)
    assert cause == lumiel and I[demon, S.F_DESIGN] == b.design("Siren")
    assert I[demon, S.F_LOC] == b.realm(NYBBAS) and I[demon, S.F_CTRL] == NYBBAS
