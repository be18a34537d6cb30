"""The game turn outside combat, phase by phase (rulebook, "Game Play" and "The
Game Turn"), as small positions that the rulebook's text decides.

Each test deals a real game of the starter decks (``positions.Board``), puts
named cards where the passage in its docstring says, and runs the engine's own
phase functions on it.  Dice come only from the engine's seeded streams: a test
that needs a particular roll reads it ahead with ``positions.peek``; a rule
about a roll's odds is checked against the exact probability over many rolls.
"""
import pytest
from positions import BELIAL, GABRIEL, Board, data_deck, peek
from scipy.stats import binomtest

from balance.rules.innomine import contested
from balance.rules.innomine import state as S
from balance.agents.innomine.actions import (
    _attack_frame,
    _attack_score,
    _best_move,
    _descend,
    _strong_defence,
)
from balance.rules.innomine.actions import actions_phase, take_action
from balance.agents.innomine.acts import best_holder, card_value
from balance.rules.innomine.act_targets import offer_acts
from balance.rules.innomine.acts import acts_phase, give_loose_objects, play_card
from balance.rules.innomine.beings import attach, attack_value, can_act, can_hold, set_influence
from balance.rules.innomine.combat import location_damage
from balance.rules.innomine.decks import deck_card, deck_count, draw_repository
from balance.rules.innomine.dissonance import dissonance_phase, highest_of_3d6
from balance.rules.innomine.draw import draw_phase
from balance.rules.innomine.effects import use_ability
from balance.rules.innomine.end_turn import end_turn
from balance.rules.innomine.act_targets import essence_short
from balance.rules.innomine.essence import action_cost, gain_essence
from balance.rules.innomine.turn import next_turn, start_turn
from balance.rules.innomine.humans import age_mortals, resolve_afterlife
from balance.agents.innomine.policies import W_COURT, W_GANG, W_RESERVE, W_TRADE_DISCORD, W_WAIT
from balance.rules.innomine.d666 import CLASSIC
from balance.rules.innomine.setup import setup
from balance.rules.innomine.tables import D_COST, D_CTYPE, D_HITS, D_LIFESPAN
from balance.rules.innomine.tethers import can_go_down, check_tether_theft, up_destination
from balance.rules.innomine.vocabulary import CELESTIAL, CORPOREAL, COUNTERS, E_HEAL, E_SEARCH_TOOL, ETHEREAL_REALM, TETHER, TOOL
from balance.sim.seeding import DICE, d6

HEAVEN_TURNS, HELL_TURNS = COUNTERS["turns_heaven"], COUNTERS["turns_hell"]
SEATS = {BELIAL: "Belial", GABRIEL: "Gabriel"}      # the names the log gives the seats


def wilson_holds(successes, n, p):
    ci = binomtest(successes, n).proportion_ci(confidence_level=0.999, method="wilson")
    return ci.low <= p <= ci.high


def hits(b, name, r):
    return int(b.t.C[b.design(name), D_HITS + r])


def in_play(b, i):
    return b.s.I[i, S.F_ZONE] == S.Z_PLAY


# ================================================================== setup
def test_setup_one_tether_in_play_five_essence_seven_cards():
    """"Each Superior starts with one Tether from their Events Deck in play";
    "Players begin the game with 5" Essence; "a hand size of seven to begin the
    game".  The Tether is a random one of the deck's Tethers (I1)."""
    b = Board()
    s, t, I = b.s, b.t, b.s.I
    chosen = {BELIAL: set(), GABRIEL: set()}
    for seed in range(30):
        setup(s, t, seed, 0, 5, 200, CLASSIC, contested.pack({}))
        for p in (BELIAL, GABRIEL):
            tethers = [i for i in range(b.N) if I[i, S.F_ZONE] == S.Z_PLAY and I[i, S.F_OWNER] == p
                       and t.C[I[i, S.F_DESIGN], D_CTYPE] == TETHER]
            assert len(tethers) == 1
            assert I[tethers[0], S.F_CTRL] == p and I[tethers[0], S.F_LOC] == b.earth
            chosen[p].add(b.compiled.names[I[tethers[0], S.F_DESIGN]])
            assert s.S[p, S.S_ESSENCE] == 5
            assert len(b.hand(p)) == 7
            assert deck_count(s, p, S.REPOSITORY) == 60 - 7 and deck_count(s, p, S.EVENTS) == 40 - 1
            assert (I[:, S.F_ZONE] == S.Z_PLAY).sum() == 2
    assert chosen[BELIAL] == {"Death Valley", "Chemical Plant"}
    assert chosen[GABRIEL] == {"Mt. Kilauea", "Firehouse No. 9"}


def test_first_player_is_chosen_at_random():
    """"Choose which player goes first at random": seat 0 goes first in half the games."""
    b = Board()
    games = 4000
    firsts = 0
    for game in range(games):
        setup(b.s, b.t, 11, game, 5, 200, CLASSIC, contested.pack({}))
        assert b.s.g[S.G_ACTIVE] == b.s.g[S.G_FIRST]
        firsts += b.s.g[S.G_FIRST] == 0
    assert wilson_holds(firsts, games, 0.5), firsts / games


# ================================================================== phase 1: draw
def test_draw_takes_the_top_repository_card_into_hand():
    """"Draw a card from your Repository, and add it to your hand.\""""
    b = Board()
    s = b.s
    b.on_top(BELIAL, "Ed Holder")
    top = deck_card(s, BELIAL, S.REPOSITORY, 0)
    n_repo, n_hand = deck_count(s, BELIAL, S.REPOSITORY), len(b.hand(BELIAL))
    draw_phase(s, b.t, BELIAL)
    assert s.I[top, S.F_ZONE] == S.Z_HAND and s.I[top, S.F_OWNER] == BELIAL
    assert deck_count(s, BELIAL, S.REPOSITORY) == n_repo - 1 and len(b.hand(BELIAL)) == n_hand + 1


def test_an_empty_repository_draws_nothing_and_the_turn_goes_on():
    """I3: when the Repository is empty, nothing is drawn; the Events card still arrives."""
    b = Board()
    s = b.s
    s.S[BELIAL, S.S_REPO_CNT] = 0
    e = b.on_top(BELIAL, "Gun")
    n_hand = len(b.hand(BELIAL))
    draw_phase(s, b.t, BELIAL)
    assert len(b.hand(BELIAL)) == n_hand and in_play(b, e)


def test_events_cards_arrive_where_the_rulebook_puts_them():
    """Humans come out on Earth ("the Earth, unless otherwise specified") with no
    controller; a Tether comes "under control of the owner of the Events Deck from
    which this Tether was played"; Tools "come into play uncontrolled"; Locations
    come out uncontrolled."""
    b = Board()
    s, I = b.s, b.s.I
    for seat, name, ctrl in [(BELIAL, "Ed Holder", -1), (GABRIEL, "Sam Okafor", -1),
                             (BELIAL, "Death Valley", BELIAL), (GABRIEL, "Mt. Kilauea", GABRIEL),
                             (GABRIEL, "Gun", -1), (BELIAL, "New York", -1)]:
        s.g[S.G_TURN] += 1
        e = b.on_top(seat, name)
        draw_phase(s, b.t, seat)
        assert in_play(b, e), name
        assert I[e, S.F_LOC] == b.earth and I[e, S.F_CTRL] == ctrl, name
        assert I[e, S.F_ATT] == -1 and I[e, S.F_INF_BY] == -1, name
        assert I[e, S.F_ENTERED] == s.g[S.G_TURN], name
    ed = b.design("Ed Holder")
    h = [i for i in range(b.N) if I[i, S.F_DESIGN] == ed and I[i, S.F_OWNER] == BELIAL][0]
    assert I[h, S.F_AGE] == 0


@pytest.mark.parametrize("card, released, kept", [
    ("Divine Intervention", ("Tamiel", GABRIEL), ("Vashka", BELIAL)),
    ("Infernal Intervention", ("Vashka", BELIAL), ("Tamiel", GABRIEL)),
])
def test_an_intervention_takes_effect_at_once_and_is_discarded(card, released, kept):
    """"When an Intervention is played from the Events Deck at the beginning of a
    turn, its text takes effect immediately": Divine Intervention, "any Angels in
    Trauma are released immediately and regenerate all damage" (Infernal: Demons).
    It is discarded, so no card can alter it afterwards."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    out = b.put(released[1], released[0], b.realm(released[1]))
    stay = b.put(kept[1], kept[0], b.realm(kept[1]))
    for i, name in ((out, released[0]), (stay, kept[0])):
        I[i, S.F_TRAUMA] = 3
        I[i, S.F_DMG + CORPOREAL] = hits(b, name, CORPOREAL)
        I[i, S.F_DMG + CELESTIAL] = 1
    e = b.on_top(BELIAL, card)
    draw_phase(s, b.t, BELIAL)
    assert I[e, S.F_ZONE] == S.Z_DISCARD
    assert I[out, S.F_TRAUMA] == 0 and list(I[out, S.F_DMG:S.F_DMG + 3]) == [0, 0, 0]
    assert I[stay, S.F_TRAUMA] == 3 and I[stay, S.F_DMG + CORPOREAL] == hits(b, kept[0], CORPOREAL)
    lines = b.log()
    k = lines.index(f"Belial: {card} takes effect")
    freed = f"{SEATS[released[1]]}: {card} frees {released[0]} from Trauma: it regenerates all damage"
    assert lines[k + 1] == freed
    assert not any(kept[0] in line for line in lines[k:])


def test_nature_hits_every_being_on_earth_except_where_nature_has_no_effect():
    """Wildfire: "Every Being on Earth takes 1 Corporeal damage, except at Locations
    unaffected by Nature" (Mt. Kilauea "is unaffected by any Nature card").  It
    takes effect on the flip and is discarded; a Human it brings to 0 Corporeal
    Hits dies and goes to its afterlife (Ed, with two Tools or fewer, meets only
    his Fate: Hell)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    on_earth = b.put(BELIAL, "Vashka", b.earth)
    sheltered = b.put(GABRIEL, "Tamiel", kilauea)
    in_hell = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    ed = b.put(BELIAL, "Ed Holder", b.earth)
    I[ed, S.F_DMG + CORPOREAL] = hits(b, "Ed Holder", CORPOREAL) - 1
    e = b.on_top(GABRIEL, "Wildfire")
    draw_phase(s, b.t, GABRIEL)
    assert I[e, S.F_ZONE] == S.Z_DISCARD
    assert I[on_earth, S.F_DMG + CORPOREAL] == 1
    assert I[sheltered, S.F_DMG + CORPOREAL] == 0 and I[in_hell, S.F_DMG + CORPOREAL] == 0
    assert I[ed, S.F_ZONE] == S.Z_SOUL and I[ed, S.F_LOC] == b.realm(BELIAL)
    lines = b.log()
    k = lines.index("Gabriel: Wildfire takes effect")
    assert sorted(line for line in lines[k + 1:] if "damage" in line) == [
        "Belial: Vashka takes 1 Corporeal damage from Wildfire",
        "game: Ed Holder takes 1 Corporeal damage from Wildfire"]


# ================================================================== phase 2: gain Essence
def test_gain_essence_counts_servitors_influenced_humans_souls_and_the_superior():
    """"one Essence ... for every Servitor you have in play, [...] every Human or
    Animal in your Realm, and every Human over which you have Influence, plus one
    Essence for yourself" -- a Servitor in Trauma is still in play; Tethers,
    uncontrolled Humans and the other side's Beings bring nothing."""
    b = Board()
    b.clear_board()
    s = b.s
    b.put(BELIAL, "Death Valley", b.earth)
    b.put(BELIAL, "Vashka", b.earth)
    grasch = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    s.I[grasch, S.F_TRAUMA] = 2
    b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    b.put(GABRIEL, "Leslie Hamerson", b.earth)
    b.soul(GABRIEL, "Sam Okafor", BELIAL)
    b.put(GABRIEL, "Tamiel", b.earth)
    b.put(GABRIEL, "Pen Quinn", b.earth, ctrl=GABRIEL)
    s.S[:, S.S_ESSENCE] = 5
    assert gain_essence(s, b.t, BELIAL) == 5 + 1 + 2 + 1 + 1
    assert gain_essence(s, b.t, GABRIEL) == 5 + 1 + 1 + 1


def test_essence_is_short_when_a_card_could_be_played_but_not_paid_for():
    """The economy record (act_targets.essence_short), asked as the Acts end:
    Belial holds Gorvath (a Servitor, cost 9, always playable into his Realm)
    and a Song of Fire (cost 2), which no Being of his can hold on an empty
    board.  Essence is short below 9, and never for the Song alone."""
    b = Board()
    b.clear_board()
    s = b.s
    for i in b.hand(BELIAL):
        s.I[i, S.F_ZONE] = S.Z_DISCARD
    b.to_hand(BELIAL, "Song of Fire")
    s.S[BELIAL, S.S_ESSENCE] = 0
    assert essence_short(s, b.t, BELIAL) == 0          # too dear, but no Being could hold it
    gorvath = b.to_hand(BELIAL, "Gorvath")
    cost = int(b.t.C[b.design("Gorvath"), D_COST])
    s.S[BELIAL, S.S_ESSENCE] = cost - 1
    assert essence_short(s, b.t, BELIAL) == 1
    s.S[BELIAL, S.S_ESSENCE] = cost
    assert essence_short(s, b.t, BELIAL) == 0
    s.I[gorvath, S.F_ZONE] = S.Z_DISCARD
    s.S[BELIAL, S.S_ESSENCE] = 0
    assert essence_short(s, b.t, BELIAL) == 0


# ================================================================== phase 3: age mortals
def test_every_living_human_ages_one_turn_in_every_age_mortals_phase():
    """"Living humans age" -- every Human, controlled or not, whoever's turn it is
    (I5); Saints, Immortal, with no "game-relevant Destiny and Fate", do not."""
    b = Board()
    b.clear_board()
    I = b.s.I
    ed = b.put(BELIAL, "Ed Holder", b.earth)
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth, ctrl=GABRIEL)
    vashka = b.put(BELIAL, "Vashka", b.earth)
    saint = b.put(GABRIEL, "Saint Florian", b.earth)
    I[leslie, S.F_AGE] = 3
    for k in (1, 2):
        age_mortals(b.s, b.t)
        assert (I[ed, S.F_AGE], I[leslie, S.F_AGE], I[vashka, S.F_AGE]) == (k, 3 + k, 0)
        assert I[saint, S.F_AGE] == 0 and in_play(b, saint)     # Saints are Immortal


def test_a_human_dies_when_its_age_reaches_its_lifespan_and_resolves_its_afterlife():
    """"if any human has reached their Lifespan, they die and resolve their
    afterlife": Agatha (Lifespan 8), her Destiny met, goes to Gabriel's Realm.  Dying
    of age is no note of Dissonance for an Impudite there ("other than via aging")."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    agatha = b.put(BELIAL, "Sister Agatha Moore", b.earth)
    vashka = b.put(BELIAL, "Vashka", b.earth)
    I[agatha, S.F_CNT + HEAVEN_TURNS] = 3
    lifespan = b.t.C[b.design("Sister Agatha Moore"), D_LIFESPAN]
    I[agatha, S.F_AGE] = lifespan - 2
    age_mortals(s, b.t)
    assert in_play(b, agatha) and I[agatha, S.F_AGE] == lifespan - 1
    age_mortals(s, b.t)
    assert I[agatha, S.F_ZONE] == S.Z_SOUL and I[agatha, S.F_LOC] == b.realm(GABRIEL)
    assert s.S[GABRIEL, S.S_SOULS] == 1 and s.S[BELIAL, S.S_SOULS] == 0
    assert I[vashka, S.F_DISS] == 0


@pytest.mark.parametrize("heaven, hell, ctrl, seat", [
    (3, 0, -1, GABRIEL),        # Destiny alone, nobody's Influence: Heaven's only Superior
    (3, 0, BELIAL, GABRIEL),    # Destiny alone under Belial: still Heaven's side
    (0, 3, GABRIEL, BELIAL),    # Fate alone under Gabriel: Hell's side
    (0, 3, BELIAL, BELIAL),
])
def test_destiny_alone_goes_to_heaven_and_fate_alone_to_hell(heaven, hell, ctrl, seat):
    """"If one has been achieved, but not the other, the Human leaves play and goes
    to the appropriate side"; "Once a Human enters the Realm of an Archangel, they
    are a Blessed Soul; a Human in the Realm of a Demon Prince is a Damned Soul.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    h = b.put(GABRIEL, "Sister Agatha Moore", b.earth, ctrl=ctrl)
    I[h, S.F_CNT + HEAVEN_TURNS], I[h, S.F_CNT + HELL_TURNS] = heaven, hell
    resolve_afterlife(s, b.t, h)
    assert I[h, S.F_ZONE] == S.Z_SOUL and I[h, S.F_LOC] == b.realm(seat)
    assert s.S[seat, S.S_SOULS] == 1 and s.S[1 - seat, S.S_SOULS] == 0


def test_a_human_of_a_side_nobody_plays_is_removed_from_play():
    """"If there is no Superior on the appropriate side, remove the Human from play"
    (Gabriel against Gabriel: a Human meeting only its Fate)."""
    b = Board(decks=("gabriel", "gabriel"))
    b.clear_board()
    s, I = b.s, b.s.I
    h = b.put(0, "Sister Agatha Moore", b.earth, ctrl=1)
    I[h, S.F_CNT + HELL_TURNS] = 3
    resolve_afterlife(s, b.t, h)
    assert I[h, S.F_ZONE] == S.Z_REMOVED and list(s.S[:, S.S_SOULS]) == [0, 0]
    assert b.log()[-1] == "game: Sister Agatha Moore's afterlife: leaves play: no Superior plays its side"


@pytest.mark.parametrize("heaven, hell", [(0, 0), (3, 3)])
def test_both_or_neither_reincarnate_at_the_bottom_of_the_owners_events_deck(heaven, hell):
    """"If both Destiny and Fate been acheived, or neither, the Human leaves play and
    reincarnates -- put the Human on the bottom of the Events deck" -- its owner's,
    with its counters reset (I7)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    h = b.put(GABRIEL, "Sister Agatha Moore", b.earth, ctrl=BELIAL, inf_by=-1)
    I[h, S.F_CNT + HEAVEN_TURNS], I[h, S.F_CNT + HELL_TURNS] = heaven, hell
    I[h, S.F_AGE] = 5
    I[h, S.F_DMG + CORPOREAL] = 2
    I[h, S.F_RESIST] = 1
    n = deck_count(s, GABRIEL, S.EVENTS)
    resolve_afterlife(s, b.t, h)
    assert I[h, S.F_ZONE] == S.Z_EVENTS and deck_count(s, GABRIEL, S.EVENTS) == n + 1
    assert deck_card(s, GABRIEL, S.EVENTS, n) == h
    assert I[h, S.F_AGE] == 0 and not I[h, S.F_CNT:S.F_CNT + len(COUNTERS)].any()
    assert not I[h, S.F_DMG:S.F_DMG + 3].any() and I[h, S.F_RESIST] == 0
    assert I[h, S.F_CTRL] == -1 and list(s.S[:, S.S_SOULS]) == [0, 0]
    assert b.log()[-1] == "game: Sister Agatha Moore's afterlife: reincarnates to the bottom of its Events deck"


# ================================================================== victory and the end of a game
def test_the_human_that_reaches_the_threshold_wins_the_game_at_once():
    """"If this number of Humans enters your Realm, you win" (I2): the game ends with
    the end reason "threshold" and no further turn is played.  The log tells where the
    Human went before it tells who won."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    s.g[S.G_THRESHOLD] = 2
    b.soul(BELIAL, "Sam Okafor", GABRIEL)
    assert s.g[S.G_WINNER] == -1
    h = b.put(BELIAL, "Sister Agatha Moore", b.earth)
    I[h, S.F_CNT + HEAVEN_TURNS] = 3
    resolve_afterlife(s, b.t, h)
    assert s.g[S.G_WINNER] == GABRIEL and s.g[S.G_END] == S.END_THRESHOLD
    assert b.log()[-2:] == ["Gabriel: Sister Agatha Moore's afterlife: goes to Gabriel's Realm",
                            "Gabriel: wins with 2 Humans in its Realm"]
    turn = s.g[S.G_TURN]
    assert not next_turn(s, b.t) and s.g[S.G_TURN] == turn


def test_the_turn_cap_ends_the_game_as_a_draw():
    """I3: hitting the configured turn cap ends the game as a draw, end reason "turn cap"."""
    b = Board()
    s = b.s
    setup(s, b.t, 5, 0, 5, 4, CLASSIC, contested.pack({}))
    played = 1
    while next_turn(s, b.t):
        played += 1
    assert played == 4 and s.g[S.G_TURN] == 4
    assert s.g[S.G_END] == S.END_TURN_CAP and s.g[S.G_WINNER] == -1


def test_no_cards_left_in_any_deck_ends_the_game_as_a_draw():
    """I3: once every player's Repository and Events deck are empty, the game ends
    as a draw with end reason "deck-out"."""
    b = Board()
    s = b.s
    setup(s, b.t, 5, 0, 5, 100, CLASSIC, contested.pack({}))
    s.S[:, S.S_REPO_CNT] = 0
    s.S[:, S.S_EV_CNT] = 0
    assert not next_turn(s, b.t)
    assert s.g[S.G_TURN] == 1 and s.g[S.G_END] == S.END_DECK_OUT and s.g[S.G_WINNER] == -1


# ================================================================== phase 4: Dissonance
ROLLS = 3000


@pytest.mark.parametrize("notes", [1, 2, 3, 4, 5, 6])
def test_dissonance_roll_fails_at_the_closed_form_rate(notes):
    """"roll 3d6.  If all three dice come in below the number of Dissonance points
    carried" (I8): P(fail) = ((notes - 1) / 6) ** 3; one note never fails.  A demon
    that fails gains its Discord."""
    b = Board(seed=40 + notes)
    b.clear_board()
    s, I = b.s, b.s.I
    s.w[:, W_TRADE_DISCORD] = 99          # no trades: every roll is made with ``notes``
    demon = b.put(BELIAL, "Vashka", b.earth)
    fails = 0
    for _ in range(ROLLS):
        I[demon, S.F_DISS], I[demon, S.F_DISCORD] = notes, 0
        dissonance_phase(s, b.t, BELIAL)
        fails += I[demon, S.F_DISCORD]
    p = ((notes - 1) / 6) ** 3
    if notes == 1:
        assert fails == 0
    else:
        assert wilson_holds(fails, ROLLS, p), (fails / ROLLS, p)


def roll_next(s, fail, notes):
    """Advance the dice stream until the next 3d6 Dissonance roll fails (or passes)."""
    while (peek(s, highest_of_3d6) < notes) != fail:
        highest_of_3d6(s)


def test_an_angel_that_fails_its_roll_falls():
    """"if an angel other than a Malakite fails a Dissonance roll in phase 4, it
    Falls" -- "discard the angel" (its Songs with it; its Influence is freed)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    angel = b.put(GABRIEL, "Tamiel", b.earth)
    song = b.take(GABRIEL, "Song of Healing")
    attach(s, b.t, song, angel, GABRIEL)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=GABRIEL, inf_by=angel)
    s.w[:, W_TRADE_DISCORD] = 99          # keep all six notes
    I[angel, S.F_DISS] = 6
    roll_next(s, False, 6)
    dissonance_phase(s, b.t, GABRIEL)
    assert in_play(b, angel) and I[angel, S.F_DISCORD] == 0 and I[angel, S.F_DISS] == 6
    roll_next(s, True, 6)
    dissonance_phase(s, b.t, GABRIEL)
    assert I[angel, S.F_ZONE] == S.Z_DISCARD and I[song, S.F_ZONE] == S.Z_DISCARD
    assert I[ed, S.F_CTRL] == -1 and I[ed, S.F_INF_BY] == -1


def failed_roll(seat, name, trade_at):
    """seat's ``name`` on Earth carries six notes and fails its phase-4 roll; the
    policy trades three notes for a level of Discord from ``trade_at`` notes on.
    Returns (board, the Being)."""
    b = Board()
    b.clear_board()
    i = b.put(seat, name, b.earth)
    b.s.w[:, W_TRADE_DISCORD] = trade_at
    b.s.I[i, S.F_DISS] = 6
    roll_next(b.s, True, 6)
    dissonance_phase(b.s, b.t, seat)
    return b, i


@pytest.mark.parametrize("seat, name", [(GABRIEL, "Azra"), (BELIAL, "Vashka")])
def test_a_malakite_or_a_demon_that_fails_gains_its_discord(seat, name):
    """"Malakim do not Fall, but automatically gain their Discord"; "if a demon fails
    a Dissonance roll, they gain the appropriate Discord.\""""
    b, i = failed_roll(seat, name, 99)
    assert in_play(b, i) and b.s.I[i, S.F_DISCORD] == 1
    assert b.log()[-1] == f"{SEATS[seat]}: {name} fails its Dissonance roll: gains a level of Discord (now 1)"


@pytest.mark.parametrize("seat, name", [(GABRIEL, "Saint Florian"), (BELIAL, "The Charred Man"), (BELIAL, "Poof")])
def test_a_saint_an_undead_or_a_demonling_that_fails_neither_falls_nor_gains_discord(seat, name):
    """"if an angel other than a Malakite fails [...] it Falls"; "if a demon fails
    [...] they gain the appropriate Discord".  A Saint ("Other Heavenly Agents")
    and an Undead ("Immortal, but Human, like Saints") are neither, and a
    Demonling has no Band's Discord yet: a failed roll does nothing, and there is
    no Discord to trade notes for (I75)."""
    b, i = failed_roll(seat, name, 3)
    assert in_play(b, i) and b.s.I[i, S.F_DISCORD] == 0 and b.s.I[i, S.F_DISS] == 6


def test_a_reliever_that_fails_falls_without_trading_its_notes():
    """Relievers are "angels that haven't quite fledged yet": a failed roll makes
    one Fall, and, with no Choir's Discord yet, it cannot trade three notes for
    a level of one (I75)."""
    b, i = failed_roll(GABRIEL, "Kindling", 3)
    assert b.s.I[i, S.F_ZONE] == S.Z_DISCARD and b.s.I[i, S.F_DISCORD] == 0


def test_three_notes_may_be_traded_for_a_level_of_discord():
    """"Any time a celestial has three or more points of Dissonance, their controller
    may remove three points of Dissonance and replace it with a level of Discord"
    (I9: offered before the roll; the policy's ``trade_discord`` weight decides)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    i = b.put(BELIAL, "Vashka", b.earth)
    s.w[BELIAL, W_TRADE_DISCORD] = 3
    I[i, S.F_DISS] = 3
    dice = s.rng[DICE, 2]
    dissonance_phase(s, b.t, BELIAL)
    assert (I[i, S.F_DISS], I[i, S.F_DISCORD]) == (0, 1) and s.rng[DICE, 2] == dice   # no notes: no roll
    assert b.log()[-1] == "Belial: Vashka trades three notes of Dissonance for a level of Discord (now 1)"
    I[i, S.F_DISS], I[i, S.F_DISCORD] = 4, 0
    dissonance_phase(s, b.t, BELIAL)
    assert (I[i, S.F_DISS], I[i, S.F_DISCORD]) == (1, 1)
    assert s.rng[DICE, 2] == dice + 3                     # rolled, and one note never fails
    s.w[BELIAL, W_TRADE_DISCORD] = 4                # this policy keeps three notes
    I[i, S.F_DISS], I[i, S.F_DISCORD] = 3, 0
    roll_next(s, False, 3)
    dissonance_phase(s, b.t, BELIAL)
    assert (I[i, S.F_DISS], I[i, S.F_DISCORD]) == (3, 0)


# ================================================================== phase 5: Act
def test_a_servitor_is_played_into_its_home_realm():
    """"Servitors are played in their Home Realm" -- for their cost, under their
    Superior's control, entering the Realm this turn."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    c = b.to_hand(BELIAL, "Vashka")
    assert card_value(s, b.t, BELIAL, c)[0] > 0
    play_card(s, b.t, BELIAL, c, -1)
    assert in_play(b, c) and I[c, S.F_LOC] == b.realm(BELIAL) and I[c, S.F_CTRL] == BELIAL
    assert I[c, S.F_ENTERED] == s.g[S.G_TURN] and I[c, S.F_ACTS] == 1
    assert s.S[BELIAL, S.S_ESSENCE] == 5 - b.t.C[b.design("Vashka"), D_COST]
    assert card_value(s, b.t, GABRIEL, b.to_hand(BELIAL, "Grasch"))[0] == 0    # not Gabriel's to play


def test_a_personal_act_takes_effect_and_is_discarded():
    """Arson Spree: "Belial, Saminga, or Nybbas gains 3 Essence" -- and only they."""
    b = Board()
    s = b.s
    c = b.to_hand(BELIAL, "Arson Spree")
    play_card(s, b.t, BELIAL, c, -1)
    assert s.S[BELIAL, S.S_ESSENCE] == 5 + 3 and s.I[c, S.F_ZONE] == S.Z_DISCARD
    assert "Belial: Arson Spree's game text gives 3 Essence" in b.log()
    other = Board(decks=("belial", "belial"))
    spree = other.to_hand(1, "Arson Spree")
    assert card_value(other.s, other.t, 1, spree)[0] > 0 and (spree, -1) in acts_offered(other, 1)
    gab = Board(decks=("gabriel", "belial"))
    spree = gab.take(1, "Arson Spree")
    S.to_hand(gab.s, gab.t, 0, spree)
    assert spree not in [c for c, _ in acts_offered(gab, 0)]


def acts_offered(b, seat):
    """The options of seat's next Act (act_targets.offer_acts), as (card, target) pairs."""
    offer_acts(b.s, b.t, seat)
    return [tuple(row) for row in b.s.opt[:b.s.dec[0]].tolist()]


def test_inspiration_goes_to_a_human_with_something_to_do_with_the_extra_action():
    """Inspiration: "That Human gains an extra action this Turn".  The policies
    give it to an Influenced Human whose game text is worth using once more --
    Ed Holder, whose Tinkerer brings a Tool toward his Destiny, over Sam Okafor,
    who has none -- and hold it while no such Human is in play (I90)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=GABRIEL)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    inspiration = b.to_hand(GABRIEL, "Inspiration")
    value, target = card_value(s, b.t, GABRIEL, inspiration)
    assert value > 0 and target == ed
    I[ed, S.F_CTRL] = -1
    assert card_value(s, b.t, GABRIEL, inspiration) == (0.0, -1)
    assert I[sam, S.F_CTRL] == GABRIEL


def test_a_search_that_finds_nothing_is_logged():
    """Tinkerer: "search through their Events Deck for a Tool to bring into play"
    -- with no Tool left in Gabriel's Events deck, Ed's action finds nothing, his
    Destiny's count stands, and the log says so rather than nothing."""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    events = [deck_card(s, GABRIEL, S.EVENTS, k) for k in range(deck_count(s, GABRIEL, S.EVENTS))]
    for c in events:
        if t.C[I[c, S.F_DESIGN], D_CTYPE] == TOOL:
            b._out_of_decks(GABRIEL, c)
    tools = I[ed, S.F_CNT + COUNTERS["tools_brought"]]
    use_ability(s, t, ed, ed, E_SEARCH_TOOL, -1)
    assert I[ed, S.F_CNT + COUNTERS["tools_brought"]] == tools and I[ed, S.F_NATT] == 0
    assert b.log()[-1] == "Gabriel: Ed Holder searches with its game text and finds nothing"


def test_songs_objects_and_ranks_are_given_to_beings():
    """"Songs, Objects, and Ranks are given to Beings": the card is attached to the
    Being, at its Location, under the giver's control."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    s.S[BELIAL, S.S_ESSENCE] = 20
    for name in ("Song of Fire", "Brimstone Blade", "Seneschal of Ash"):
        c = b.to_hand(BELIAL, name)
        play_card(s, b.t, BELIAL, c, v)
        assert in_play(b, c) and I[c, S.F_ATT] == v and I[c, S.F_CTRL] == BELIAL, name
        assert I[c, S.F_LOC] == b.earth and c in I[v, S.F_ATTS:S.F_ATTS + I[v, S.F_NATT]], name
    assert I[v, S.F_NATT] == 3


@pytest.mark.parametrize("seat, being, obj, rank", [
    (GABRIEL, "Kindling", "Flaming Sword", "Seneschal of the Flame"),
    (BELIAL, "Poof", "Brimstone Blade", "Seneschal of Ash"),
])
def test_relievers_and_demonlings_cannot_hold_objects_or_ranks(seat, being, obj, rank):
    """Relievers and Demonlings "cannot have Objects or Ranks attached to them" --
    Tools are Objects too -- but may have Songs."""
    b = Board()
    b.clear_board()
    s = b.s
    r = b.put(seat, being, b.earth)
    full = b.put(seat, "Azra" if seat == GABRIEL else "Grasch", b.earth)
    for name, ok in ((obj, False), (rank, False), ("Gun", False), ("Song of Fire", True)):
        c = b.take(seat, name)
        assert can_hold(s, b.t, r, c) == ok, name
        assert can_hold(s, b.t, full, c), name
    gun = b.put(seat, "Gun", b.earth, ctrl=-1)
    b.s.I[full, S.F_ZONE] = S.Z_REMOVED
    give_loose_objects(s, b.t, seat)
    assert s.I[gun, S.F_ATT] == -1


def test_an_uncontrolled_object_is_given_to_a_being_in_its_realm():
    """"You may also give any uncontrolled Object to a Being in its Realm.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    home = b.put(BELIAL, "Vashka", b.realm(BELIAL))
    gun = b.put(BELIAL, "Gun", b.earth, ctrl=-1)
    give_loose_objects(s, b.t, BELIAL)
    assert I[gun, S.F_ATT] == -1                     # no Being of Belial's on Earth
    grasch = b.put(BELIAL, "Grasch", b.earth)
    give_loose_objects(s, b.t, BELIAL)
    assert I[gun, S.F_ATT] == grasch and I[gun, S.F_CTRL] == BELIAL and I[home, S.F_NATT] == 0


def test_combat_acts_are_not_played_in_the_act_phase():
    """Combat Acts "may only be played" during combat: the Act phase never plays one."""
    b = Board()
    c = b.to_hand(GABRIEL, "Send Reinforcements")
    assert card_value(b.s, b.t, GABRIEL, c)[0] == 0


# ================================================================== phase 6: actions
def test_each_being_has_one_action_and_a_newly_influenced_one_has_a_new_action():
    """"Your Servitors, and any Influenced Beings, now get a chance to work. Beings
    you bring under your Influence this turn have a new action.  Each Being
    otherwise has one action per turn.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    vashka = b.put(BELIAL, "Vashka", b.realm(BELIAL))
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    tamiel = b.put(GABRIEL, "Tamiel", b.realm(GABRIEL))
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    start_turn(s, b.t, BELIAL)
    assert [I[i, S.F_ACTS] for i in (vashka, ed, tamiel, leslie)] == [1, 1, 0, 0]
    set_influence(s, b.t, leslie, BELIAL, vashka)
    assert I[leslie, S.F_ACTS] == 1
    actions_phase(s, b.t)
    assert [I[i, S.F_ACTS] for i in (vashka, ed, tamiel, leslie)] == [0, 0, 0, 0]


def test_a_being_with_nothing_better_to_do_waits():
    """Wait -- "that is, do none of the above": a Reliever in Heaven with no Tether to go down."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    k = b.put(GABRIEL, "Kindling", b.realm(GABRIEL))
    I[k, S.F_ACTS] = 1
    take_action(s, b.t, k)
    assert I[k, S.F_WAITED] == 1 and I[k, S.F_ACTS] == 0 and I[k, S.F_LOC] == b.realm(GABRIEL)


def test_a_being_moves_between_locations_within_its_realm():
    """Move "to or from any Location ... within their current Realm" -- without
    restarting its time in the realm (I12): Tamiel goes to New York, where a Human is."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    tamiel = b.put(GABRIEL, "Tamiel", b.earth, entered=3)
    b.put(BELIAL, "Ed Holder", new_york)
    I[tamiel, S.F_ACTS] = 1
    take_action(s, b.t, tamiel)
    assert I[tamiel, S.F_LOC] == new_york and I[tamiel, S.F_ENTERED] == 3


def test_a_hurt_servitor_goes_up_a_tether_into_its_controllers_realm():
    """Move "up or down a Tether at which they are located" (I10, I11): a Being at
    a Tether on Earth may go up into the Realm of the Tether's controller, whoever
    that is; the policy takes it when a Servitor is badly hurt.  Entering the
    Realm restarts its protection from attack (I12)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    v = b.put(BELIAL, "Vashka", dv)
    assert up_destination(s, b.t, v) == b.realm(BELIAL)
    I[v, S.F_LOC] = kilauea
    assert up_destination(s, b.t, v) == b.realm(GABRIEL)
    I[v, S.F_LOC] = b.earth
    assert up_destination(s, b.t, v) == -1
    I[v, S.F_LOC] = dv
    I[v, S.F_DMG + CORPOREAL] = hits(b, "Vashka", CORPOREAL) - 1
    I[v, S.F_ACTS] = 1
    take_action(s, b.t, v)
    assert I[v, S.F_LOC] == b.realm(BELIAL) and I[v, S.F_ENTERED] == s.g[S.G_TURN]


def test_no_move_takes_a_being_home_except_up_a_tether():
    """Tethers "are the only solid method of transport between Realms" (I10): the
    same badly hurt Servitor in New York, at no Tether, stays on Earth."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    b.put(BELIAL, "Death Valley", b.earth)
    v = b.put(BELIAL, "Vashka", new_york)
    I[v, S.F_DMG + CORPOREAL] = hits(b, "Vashka", CORPOREAL) - 1
    I[v, S.F_ACTS] = 1
    take_action(s, b.t, v)
    assert S.realm_of(s, I[v, S.F_LOC]) == b.earth


def test_going_down_needs_a_tether_of_the_realms_superior_unless_the_being_moves_freely():
    """A Being in a Superior's Realm is at every Tether that Superior controls (I11);
    Relievers "may not move freely back and forth between Heaven and Earth, but
    must use a Tether" (I30); Uzziel "can take a free action once per turn to move
    anywhere" and needs none."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    k = b.put(GABRIEL, "Kindling", b.realm(GABRIEL))
    u = b.put(GABRIEL, "Uzziel", b.realm(GABRIEL))
    assert not can_go_down(s, b.t, k, dv)
    assert _descend(s, b.t, k, GABRIEL)[0] == -1
    assert _descend(s, b.t, u, GABRIEL)[0] == b.earth
    I[k, S.F_ACTS] = 1
    take_action(s, b.t, k)
    assert I[k, S.F_LOC] == b.realm(GABRIEL)
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    assert can_go_down(s, b.t, k, kilauea)
    I[k, S.F_ACTS] = 1
    take_action(s, b.t, k)
    assert I[k, S.F_LOC] == kilauea and I[k, S.F_ENTERED] == s.g[S.G_TURN]


def test_a_being_uses_an_ability_on_a_target():
    """"Use an ability: on a target of an appropriate type": Leslie, a Nurse, "may
    target a Being in her Location and roll d6.  That Being removes Corporeal
    Damage equal to half the amount rolled, rounded up" -- and counts it toward
    her Destiny ("heal two different Beings")."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    leslie = b.put(BELIAL, "Leslie Hamerson", b.earth, ctrl=BELIAL)
    v = b.put(BELIAL, "Vashka", b.earth)
    I[v, S.F_DMG + CORPOREAL] = 3
    roll = peek(s, lambda s: d6(s.rng))
    use_ability(s, b.t, leslie, leslie, E_HEAL, v)
    healed = min(3, (roll + 1) // 2)
    assert I[v, S.F_DMG + CORPOREAL] == 3 - healed
    assert I[leslie, S.F_CNT + COUNTERS["beings_healed"]] == 1
    assert I[leslie, S.F_CNT + COUNTERS["damage_healed"]] == healed


# ================================================================== start of turn and phase 7: end turn
def test_demons_in_an_archangels_realm_take_one_celestial_hit_at_the_start_of_every_turn():
    """"Demons take 1 Celestial Hit at the beginning of any turn in which they are in
    an Archangel's Realm" -- each player's turn (I25).  A Demonling is a demon; an
    Undead, "Immortal, but Human", is not."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    demons = [b.put(BELIAL, "Vashka", b.realm(GABRIEL)), b.put(BELIAL, "Poof", b.realm(GABRIEL))]
    undead = b.put(BELIAL, "The Charred Man", b.realm(GABRIEL))
    at_home = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    on_earth = b.put(BELIAL, "Sistrael", b.earth)
    angel = b.put(GABRIEL, "Tamiel", b.realm(GABRIEL))
    for k, p in ((1, BELIAL), (2, GABRIEL)):
        start_turn(s, b.t, p)
        assert [I[i, S.F_DMG + CELESTIAL] for i in demons] == [k, k]
        assert [I[i, S.F_DMG + CELESTIAL] for i in (undead, at_home, on_earth, angel)] == [0, 0, 0, 0]


def test_servitors_at_a_tether_their_superior_controls_lose_a_note_at_every_end_of_turn():
    """"All celestials lose 1 point of Dissonance at the end of each turn when they
    are in a Tether their Superior controls" (I24: at its Location on Earth)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    calm = b.put(BELIAL, "Vashka", dv)
    foreign = b.put(BELIAL, "Grasch", kilauea)
    loose = b.put(BELIAL, "Sistrael", b.earth)
    home = b.put(BELIAL, "Nyx", b.realm(BELIAL))
    angel = b.put(GABRIEL, "Tamiel", kilauea)
    for i in (calm, foreign, loose, home):
        I[i, S.F_DISS] = 2
    I[angel, S.F_DISS] = 1
    end_turn(s, b.t, GABRIEL)
    assert [I[i, S.F_DISS] for i in (calm, foreign, loose, home, angel)] == [1, 2, 2, 2, 0]
    end_turn(s, b.t, BELIAL)
    assert [I[i, S.F_DISS] for i in (calm, foreign, loose, home, angel)] == [0, 2, 2, 2, 0]
    assert sorted(line for line in b.log() if "loses a note" in line) == [
        "Belial: Vashka loses a note of Dissonance at Tether Death Valley (now 0)",
        "Belial: Vashka loses a note of Dissonance at Tether Death Valley (now 1)",
        "Gabriel: Tamiel loses a note of Dissonance at Tether Mt. Kilauea (now 0)"]


def test_damage_counters_come_off_every_turn_for_non_humans_and_at_the_controllers_turn_for_humans():
    """"all Beings other than Humans remove one damage counter from themselves in
    each Realm.  Humans remove one damage counter in each Realm at the end of their
    controller's Turn" -- an uncontrolled Human has none, and keeps its counters
    (I22; the other reading is tested in test_readings)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=BELIAL)
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    I[v, S.F_DMG:S.F_DMG + 3] = [1, 2, 3]
    for h in (tamiel, ed, leslie):
        I[h, S.F_DMG + CORPOREAL] = 2
    end_turn(s, b.t, GABRIEL)
    assert list(I[v, S.F_DMG:S.F_DMG + 3]) == [0, 1, 2]
    assert [I[i, S.F_DMG + CORPOREAL] for i in (tamiel, ed, leslie)] == [1, 2, 2]
    end_turn(s, b.t, BELIAL)
    assert list(I[v, S.F_DMG:S.F_DMG + 3]) == [0, 0, 1]
    assert [I[i, S.F_DMG + CORPOREAL] for i in (tamiel, ed, leslie)] == [0, 1, 2]


def test_a_scripted_policy_does_not_throw_a_being_at_a_defence_it_cannot_beat():
    """I83: Vashka (Corporeal Attack 1, 4 Hits) against Bucephel (6 Hits, Attack
    4: Vashka at 0 Hits in one round) is hopeless and worth less than Waiting;
    against Bucephel at his last Hit it is worth an attack.  I106: not once
    Marnel stands beside him, whose "Leader: Marnel allows any one defending
    Being in a combat round to act before attackers" lets Bucephel fell Vashka
    before her blow lands."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    vashka = b.put(BELIAL, "Vashka", ny)
    bucephel = b.put(GABRIEL, "Bucephel", ny)
    wait = s.w[BELIAL, W_WAIT]
    S.collect_rivals(s, BELIAL)

    def worth():
        return _attack_score(s, b.t, vashka, BELIAL, bucephel, False, 1.0,
                             attack_value(s, b.t, vashka, CORPOREAL), -1e9) - wait
    assert worth() < 0
    I[bucephel, S.F_DMG + CORPOREAL] = b.t.C[b.design("Bucephel"), D_HITS + CORPOREAL] - 1
    assert worth() > 0
    b.put(GABRIEL, "Marnel", ny)
    S.collect_rivals(s, BELIAL)
    assert worth() < 0


def test_a_strong_defence_counts_the_cherubs_ward():
    """I105: Kerubiel (Corporeal Attack 3) and Ed Holder strike back at an
    attacker of Ed's with their Attack values; once Kerubiel is Attuned to Ed,
    with 2 more: "They gain 2 to all Attack and Hits values while Defending an
    Attuned Being"."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    kerubiel = b.put(GABRIEL, "Kerubiel", b.earth)
    vashka = b.put(BELIAL, "Vashka", b.earth)
    S.collect_rivals(s, BELIAL)
    both = attack_value(s, b.t, ed, CORPOREAL) + attack_value(s, b.t, kerubiel, CORPOREAL)

    def strong(hits):
        return _strong_defence(s, b.t, vashka, ed, CORPOREAL, hits, False)
    assert strong(both) and not strong(both + 1)
    I[kerubiel, S.F_ATTUNED] = ed
    assert strong(both + 2) and not strong(both + 3)


def test_a_human_weighs_what_its_blow_does_to_its_destiny_and_fate():
    """I95: Ray Dunne's Fate is "cause two or more damage".  Held by Gabriel, a
    2-damage blow at Vashka (4 Corporeal Hits) would meet it and promise his
    Soul to Hell: the blow scores the court weight less than the same blow once
    the Fate is met already, which it no longer changes; held by Belial, more."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    vashka = b.put(BELIAL, "Vashka", b.earth)
    ray = b.put(GABRIEL, "Ray Dunne", b.earth, ctrl=GABRIEL)
    atk = attack_value(s, b.t, ray, CORPOREAL)
    assert atk >= 2
    dealt = S.F_CNT + COUNTERS["damage_dealt"]
    for p, sign in ((GABRIEL, -1), (BELIAL, 1)):
        I[ray, S.F_CTRL] = p
        target = vashka if p == GABRIEL else b.put(GABRIEL, "Marnel", b.earth)
        I[ray, dealt] = 0
        fresh = _attack_score(s, b.t, ray, p, target, False, 1.0, atk, 1e9)
        I[ray, dealt] = 2
        met = _attack_score(s, b.t, ray, p, target, False, 1.0, atk, 1e9)
        assert sign * (fresh - met) == pytest.approx(s.w[p, W_COURT], abs=1e-4)


def test_a_human_attacks_when_its_blow_serves_its_side_even_against_a_defence_it_cannot_beat():
    """I101: the influencer style sends no Humans into attacks (gang 0), but
    Ray Dunne, whose Fate is "cause two or more damage", held by Belial, would
    promise his Soul to Hell with one blow: he may attack, and the blow is worth
    more than Waiting even against Azra (4 Corporeal Hits, Attack 3), who would
    bring him to 0 Hits (I83), because it resolves before Azra's.  Held by
    Gabriel, or with his Fate met already, he does not attack."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    assert s.w[BELIAL, W_GANG] < 1.5
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    ray = b.put(GABRIEL, "Ray Dunne", ny, ctrl=BELIAL)
    azra = b.put(GABRIEL, "Azra", ny)
    S.collect_rivals(s, BELIAL)
    able, choice, gang, atk = _attack_frame(s, b.t, ray, BELIAL)
    assert able and atk == 2
    assert _attack_score(s, b.t, ray, BELIAL, azra, choice, gang, atk, -1e9) > s.w[BELIAL, W_WAIT]
    I[ray, S.F_CNT + COUNTERS["damage_dealt"]] = 2
    assert not _attack_frame(s, b.t, ray, BELIAL)[0]
    I[ray, S.F_CNT + COUNTERS["damage_dealt"]] = 0
    I[ray, S.F_CTRL] = GABRIEL
    assert not _attack_frame(s, b.t, ray, GABRIEL)[0]


def test_a_human_leaves_a_location_that_would_kill_it_for_the_other_side():
    """I96: Death Valley deals every Human there 1 Corporeal damage at the end of
    the turn.  Jonah Pike, 1 Corporeal Hit left and his Destiny ("die having
    caused one damage or less") met, would die there a Soul for Heaven: held by
    Belial he moves off to open ground; held by Gabriel, or with Hits to spare,
    he does not."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    valley = b.put(BELIAL, "Death Valley", b.earth)
    jonah = b.put(BELIAL, "Jonah Pike", valley, ctrl=BELIAL)
    I[jonah, S.F_DMG + CORPOREAL] = b.t.C[b.design("Jonah Pike"), D_HITS + CORPOREAL] - 1
    to, v = _best_move(s, b.t, jonah, BELIAL, 0, False)
    assert to == b.earth and v > s.w[BELIAL, W_WAIT]
    I[jonah, S.F_CTRL] = GABRIEL
    to, v = _best_move(s, b.t, jonah, GABRIEL, 0, False)
    assert to != b.earth or v < s.w[GABRIEL, W_WAIT]
    I[jonah, S.F_CTRL] = BELIAL
    I[jonah, S.F_DMG + CORPOREAL] -= 1
    assert _best_move(s, b.t, jonah, BELIAL, 0, False)[0] != b.earth


def test_a_gang_is_counted_only_when_someone_would_join_it():
    """I97: a policy that sends gangs counts an attacker's damage double only when
    another of its Beings in the realm, with an action left, would join."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    s.w[BELIAL, W_GANG] = 1.0
    vashka = b.put(BELIAL, "Vashka", b.earth)
    I[vashka, S.F_ACTS] = 1
    assert _attack_frame(s, b.t, vashka, BELIAL)[2] == 1.0
    grasch = b.put(BELIAL, "Grasch", b.earth)
    I[grasch, S.F_ACTS] = 1
    assert _attack_frame(s, b.t, vashka, BELIAL)[2] == 2.0
    I[grasch, S.F_ACTS] = 0
    assert _attack_frame(s, b.t, vashka, BELIAL)[2] == 1.0


def test_an_influence_bonus_goes_only_to_a_being_that_influences():
    """I99: Acting, "Add +1 to any attempt to Influence a Being by holder of
    Acting", is not given to Marnel (a Malakite) or Kindling (a Reliever), which
    make no such attempt, but to Zophiel (an Elohite) or Pen Quinn (a Human whose
    Artist text Influences)."""
    b = Board()
    b.clear_board()
    s = b.s
    acting = b.to_hand(GABRIEL, "Acting")
    b.put(GABRIEL, "Marnel", b.earth)
    b.put(GABRIEL, "Kindling", b.earth)
    assert best_holder(s, b.t, GABRIEL, acting, -1) == -1
    pen = b.put(GABRIEL, "Pen Quinn", b.earth, ctrl=GABRIEL)
    assert best_holder(s, b.t, GABRIEL, acting, -1) == pen
    zophiel = b.put(GABRIEL, "Zophiel", b.earth)
    assert best_holder(s, b.t, GABRIEL, acting, -1) == zophiel


def test_the_reserve_is_waived_for_a_card_the_hand_could_not_keep():
    """I100: a policy keeps back a reserve of Essence (here 3) when it plays cards,
    but not while its hand holds more cards than the hand limit (7), when the card
    kept back would be discarded at the end of the turn.  With 5 Essence, seven
    Servitors costing 3 to 5 stay in the hand; with an eighth, one is played, and
    then, the hand at its limit, no more."""
    b = Board()
    b.clear_board()
    s = b.s
    for c in b.hand(GABRIEL):
        s.I[c, S.F_ZONE] = S.Z_DISCARD
    s.w[GABRIEL, W_RESERVE] = 3.0
    s.S[GABRIEL, S.S_ESSENCE] = 5
    for name in ("Tamiel", "Glimmer", "Hadriel", "Azra", "Kerubiel", "Jayeil", "Ofiel"):
        b.to_hand(GABRIEL, name)
    acts_phase(s, b.t, GABRIEL)
    assert len(b.hand(GABRIEL)) == 7 and s.S[GABRIEL, S.S_ESSENCE] == 5
    b.to_hand(GABRIEL, "Marnel")
    acts_phase(s, b.t, GABRIEL)
    assert len(b.hand(GABRIEL)) == 7 and 0 <= s.S[GABRIEL, S.S_ESSENCE] <= 2


def test_trauma_counts_down_at_every_end_of_turn():
    """"They cannot leave ... for a number of turns equal to their Corporeal Hits"
    (I19): one turn off at the end of each player's turn; counters come off meanwhile,
    and a Being already in Trauma is not traumatised again.  The log says when it is over."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    h = hits(b, "Grasch", CORPOREAL)
    g = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    I[g, S.F_TRAUMA] = h
    I[g, S.F_DMG + CORPOREAL] = h
    for k in range(1, h + 1):
        assert not can_act(s, b.t, g)
        end_turn(s, b.t, (BELIAL, GABRIEL)[k % 2])
        assert I[g, S.F_TRAUMA] == h - k and I[g, S.F_DMG + CORPOREAL] == h - k
    assert can_act(s, b.t, g) and I[g, S.F_LOC] == b.realm(BELIAL)
    assert [line for line in b.log() if "Trauma" in line] == ["Belial: Grasch comes out of Trauma"]


def test_the_player_whose_turn_ends_discards_down_to_seven():
    """"Players discard cards in their hand above 7" (I23) -- the scripted policy
    lets the dearest cards go."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    for _ in range(3):
        draw_repository(s, b.t, BELIAL)
    before = b.hand(BELIAL)
    assert len(before) == 10
    end_turn(s, b.t, BELIAL)
    kept = b.hand(BELIAL)
    gone = [c for c in before if c not in kept]
    assert len(kept) == 7 and all(I[c, S.F_ZONE] == S.Z_DISCARD for c in gone)
    cost = lambda c: b.t.C[I[c, S.F_DESIGN], D_COST]  # noqa: E731
    assert min(map(cost, gone)) >= max(map(cost, kept))


def _over_the_limit(b, seat, cards=10):
    """Seat draws Repository cards until it holds ``cards``; returns its hand."""
    while len(b.hand(seat)) < cards:
        draw_repository(b.s, b.t, seat)
    return b.hand(seat)


def test_a_card_in_play_raises_its_controllers_hand_size():
    """"Players discard cards in their hand above 7, modified by any cards in play"
    (I23): Ledger of Debts, held by Nybbas's Servitor, lets him keep 9; Dominic's
    Book of Life raises Dominic's limit, not his."""
    b = Board(decks=("nybbas", "dominic"))
    b.clear_board()
    s = b.s
    for seat, servitor, relic in ((0, "Vashka", "Ledger of Debts"), (1, "Kerubiel", "Book of Life")):
        attach(s, b.t, b.take(seat, relic), b.put(seat, servitor, b.earth), seat)
    _over_the_limit(b, 0)
    end_turn(s, b.t, 0)
    assert len(b.hand(0)) == 9


def test_a_card_in_trauma_does_not_change_the_hand_size():
    """A Being in Trauma is "treated as having no game text or attached cards":
    its Ledger of Debts no longer counts, and the limit is 7 again."""
    b = Board(decks=("nybbas", "dominic"))
    b.clear_board()
    s = b.s
    v = b.put(0, "Vashka", b.earth)
    attach(s, b.t, b.take(0, "Ledger of Debts"), v, 0)
    s.I[v, S.F_TRAUMA] = 2
    _over_the_limit(b, 0)
    end_turn(s, b.t, 0)
    assert len(b.hand(0)) == 7


def test_an_uncontrolled_location_changes_every_players_hand_size(tmp_path):
    """A Location no player controls modifies the hand size of every player
    (I23): Hall of Whispers (-2) leaves Belial 5 cards at the end of his turn,
    and Gabriel 5 at the end of hers."""
    b = Board(decks=(data_deck(tmp_path, "belial", "hand.toml", {}, {"Hall of Whispers": 1}), "gabriel"))
    b.clear_board()
    s = b.s
    b.put(BELIAL, "Hall of Whispers", b.earth, ctrl=-1)
    for seat in (BELIAL, GABRIEL):
        _over_the_limit(b, seat, 8)
        end_turn(s, b.t, seat)
        assert len(b.hand(seat)) == 5


def test_ethereal_hits_are_restored_at_end_of_turn():
    """"Beings with 0 Ethereal Hits remaining at end of turn lose any Songs
    attached"; "At end of turn, restore all Ethereal Hits."  The replay log
    shows both."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    song = b.take(BELIAL, "Song of Fire")
    attach(s, b.t, song, v, BELIAL)
    I[v, S.F_DMG + ETHEREAL_REALM] = hits(b, "Vashka", ETHEREAL_REALM)
    end_turn(s, b.t, GABRIEL)
    assert I[song, S.F_ZONE] == S.Z_DISCARD and I[v, S.F_NATT] == 0
    assert I[v, S.F_DMG + ETHEREAL_REALM] == 0 and I[v, S.F_ET_OUT] == 0 and in_play(b, v)
    log = b.log()
    assert "Belial: Vashka has 0 Ethereal Hits: loses its Songs" in log
    assert "Belial: Vashka has its Ethereal Hits restored" in log


def test_end_of_turn_text_comes_before_the_zero_hit_checks_and_they_before_healing():
    """I21: First Aid "at end of turn, before any Hit checks are made"; Death Valley's
    "1 Corporeal Hit of damage at the end of any turn"; then the 0-Hit checks;
    only then do counters come off, so a Being at exactly 0 Hits cannot escape
    by shedding one (Trauma is then counted down with the rest of the turn)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    at_zero = b.put(BELIAL, "Vashka", b.earth)
    I[at_zero, S.F_DMG + CORPOREAL] = hits(b, "Vashka", CORPOREAL)
    b.put(GABRIEL, "Bucephel", new_york)
    aided = b.put(GABRIEL, "Tamiel", new_york)
    I[aided, S.F_DMG + CORPOREAL] = hits(b, "Tamiel", CORPOREAL)
    ed = b.put(BELIAL, "Ed Holder", dv, ctrl=BELIAL)
    I[ed, S.F_DMG + CORPOREAL] = hits(b, "Ed Holder", CORPOREAL) - 1
    end_turn(s, b.t, BELIAL)
    assert I[at_zero, S.F_LOC] == b.realm(BELIAL)
    assert I[at_zero, S.F_TRAUMA] == hits(b, "Vashka", CORPOREAL) - 1
    assert I[aided, S.F_LOC] == new_york and I[aided, S.F_TRAUMA] == 0
    assert I[aided, S.F_DMG + CORPOREAL] == hits(b, "Tamiel", CORPOREAL) - 2
    assert not in_play(b, ed)


def test_death_valley_hurts_humans_and_those_who_count_as_humans():
    """Death Valley: "All Humans take 1 Corporeal Hit of damage at the end of any turn
    or combat round if in Death Valley"; Saints "count as Humans for card purposes"
    and Undead are "Immortal, but Human, like Saints".  Other Servitors are spared."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    humans = [b.put(BELIAL, "Ed Holder", dv), b.put(GABRIEL, "Saint Florian", dv),
              b.put(BELIAL, "The Charred Man", dv)]
    others = [b.put(BELIAL, "Vashka", dv), b.put(GABRIEL, "Tamiel", dv)]
    elsewhere = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    location_damage(s, b.t, dv)
    assert [I[i, S.F_DMG + CORPOREAL] for i in humans] == [1, 1, 1]
    assert [I[i, S.F_DMG + CORPOREAL] for i in others + [elsewhere]] == [0, 0, 0]
    assert sorted(line for line in b.log() if "damage from" in line) == [
        "Belial: The Charred Man takes 1 Corporeal damage from Death Valley",
        "Gabriel: Saint Florian takes 1 Corporeal damage from Death Valley",
        "game: Ed Holder takes 1 Corporeal damage from Death Valley"]


def test_humans_count_the_turns_they_end_under_influence():
    """Destiny and Fate are fulfilled "while under your Influence": Agatha's "spend
    three whole turns Influenced for Heaven" counts every whole turn under Gabriel:
    not the one in which she comes into play under his Influence (I77)."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    agatha = b.put(BELIAL, "Sister Agatha Moore", b.earth, ctrl=GABRIEL)
    free = b.put(GABRIEL, "Sam Okafor", b.earth)
    for k, p in ((0, BELIAL), (1, GABRIEL), (2, BELIAL), (3, GABRIEL)):
        end_turn(s, b.t, p)
        assert I[agatha, S.F_CNT + HEAVEN_TURNS] == k and I[agatha, S.F_CNT + HELL_TURNS] == 0
    assert not I[free, S.F_CNT:S.F_CNT + len(COUNTERS)].any()
    I[agatha, S.F_AGE] = b.t.C[b.design("Sister Agatha Moore"), D_LIFESPAN] - 1
    age_mortals(s, b.t)
    assert I[agatha, S.F_ZONE] == S.Z_SOUL and I[agatha, S.F_LOC] == b.realm(GABRIEL)


def test_only_whole_turns_under_influence_count():
    """"spend three whole turns Influenced for Heaven" (I77): the turn in which
    Sam Okafor comes under Gabriel's Influence is not a whole turn under it; each
    turn after that is, until Belial's Temptation takes him, whose turn is whole
    for neither side."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    heaven, hell = S.F_CNT + COUNTERS["turns_heaven"], S.F_CNT + COUNTERS["turns_hell"]
    end_turn(s, b.t, BELIAL)                     # a turn uncontrolled
    set_influence(s, b.t, sam, GABRIEL, -1)
    end_turn(s, b.t, GABRIEL)                    # Influenced during this turn: not whole
    assert I[sam, heaven] == 0
    end_turn(s, b.t, BELIAL)
    end_turn(s, b.t, GABRIEL)
    assert I[sam, heaven] == 2
    set_influence(s, b.t, sam, BELIAL, -1)
    end_turn(s, b.t, BELIAL)
    assert I[sam, heaven] == 2 and I[sam, hell] == 0
    end_turn(s, b.t, GABRIEL)
    assert I[sam, hell] == 1


def test_a_rite_pays_its_waiting_holder_at_end_of_turn():
    """Patience of Belial: "If Belial has any Tether in play, and holder Waits this
    turn, add 1 Essence to your Pool at end of turn.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    attach(s, b.t, b.take(BELIAL, "Patience of Belial"), ed, BELIAL)
    I[ed, S.F_WAITED] = 1
    end_turn(s, b.t, BELIAL)
    assert s.S[BELIAL, S.S_ESSENCE] == 5 and I[ed, S.F_WAITED] == 0   # no Tether: nothing
    b.put(BELIAL, "Death Valley", b.earth)
    I[ed, S.F_WAITED] = 1
    end_turn(s, b.t, BELIAL)
    assert s.S[BELIAL, S.S_ESSENCE] == 6


def test_a_rite_pays_its_own_player_when_another_controls_the_holder():
    """Patience of Belial names Belial: "If Belial has any Tether in play [...] add
    1 Essence to your Pool".  Ed Holder, carrying it, now under Gabriel's
    Influence, Waits in Gabriel's turn: Belial, who has a Tether, gains the
    Essence, and Gabriel, who has one too, gains nothing."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    attach(s, b.t, b.take(BELIAL, "Patience of Belial"), ed, BELIAL)
    b.put(BELIAL, "Death Valley", b.earth)
    b.put(GABRIEL, "Mt. Kilauea", b.earth)
    I[ed, S.F_CTRL] = GABRIEL
    I[ed, S.F_WAITED] = 1
    end_turn(s, b.t, GABRIEL)
    assert s.S[BELIAL, S.S_ESSENCE] == 6 and s.S[GABRIEL, S.S_ESSENCE] == 5


def test_a_tether_held_only_by_the_plotters_humans_is_stolen_at_end_of_turn():
    """Dynamite Hit: "If at the end of any turn a Tether controlled by another
    Superior has only Humans you control in it, show this card, discard any
    Seneschal attachment for that Tether, and discard Dynamite Hit.  Belial gains
    control of that Tether.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    azra = b.put(GABRIEL, "Azra", kilauea)
    seneschal = b.to_hand(GABRIEL, "Seneschal of the Flame")
    play_card(s, b.t, GABRIEL, seneschal, azra)
    assert I[seneschal, S.F_TIE] == kilauea
    plot = b.to_hand(BELIAL, "Dynamite Hit")
    play_card(s, b.t, BELIAL, plot, -1)
    assert I[plot, S.F_ZONE] == S.Z_FACEDOWN
    b.put(GABRIEL, "Ed Holder", kilauea, ctrl=BELIAL)
    check_tether_theft(s, b.t)
    assert I[kilauea, S.F_CTRL] == GABRIEL and I[plot, S.F_ZONE] == S.Z_FACEDOWN   # Azra is there
    I[azra, S.F_LOC] = b.earth
    end_turn(s, b.t, GABRIEL)
    assert I[kilauea, S.F_CTRL] == BELIAL and I[plot, S.F_ZONE] == S.Z_DISCARD
    assert I[seneschal, S.F_ZONE] == S.Z_DISCARD and I[azra, S.F_NATT] == 0


def test_an_undead_the_plotter_controls_counts_as_a_human_for_dynamite_hit():
    """Undead "count as Humans for card purposes" (I57): Belial's own Charred Man,
    alone at Gabriel's Mt. Kilauea, is one of "only Humans you control"."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    plot = b.to_hand(BELIAL, "Dynamite Hit")
    play_card(s, b.t, BELIAL, plot, -1)
    b.put(BELIAL, "The Charred Man", kilauea)
    check_tether_theft(s, b.t)
    assert I[kilauea, S.F_CTRL] == BELIAL and I[plot, S.F_ZONE] == S.Z_DISCARD


def test_a_seneschal_discounts_actions_at_its_superiors_tether():
    """Seneschal Ranks' abilities relate "to a Tether you conrol which must be
    specified when the card is attached": Seneschal of Ash takes 1 Essence off
    its holder's actions at that Tether of Belial's (not elsewhere, not at his
    other Tether); Seneschal of the Flame takes 3 off one action per turn at Gabriel's."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    plant = b.put(BELIAL, "Chemical Plant", b.earth)
    v = b.put(BELIAL, "Vashka", dv)
    ash = b.to_hand(BELIAL, "Seneschal of Ash")
    play_card(s, b.t, BELIAL, ash, v)
    assert I[ash, S.F_TIE] == dv
    assert action_cost(s, b.t, v, 1, True) == 0 and action_cost(s, b.t, v, 1, True) == 0
    I[v, S.F_LOC] = b.earth
    assert action_cost(s, b.t, v, 1, False) == 1
    I[v, S.F_LOC] = plant
    assert action_cost(s, b.t, v, 1, False) == 1
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    a = b.put(GABRIEL, "Azra", kilauea)
    play_card(s, b.t, GABRIEL, b.to_hand(GABRIEL, "Seneschal of the Flame"), a)
    assert action_cost(s, b.t, a, 4, True) == 1 and action_cost(s, b.t, a, 4, True) == 4
    end_turn(s, b.t, GABRIEL)
    assert action_cost(s, b.t, a, 2, False) == 0
