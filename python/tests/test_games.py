"""Poker Squares, Blackjack and the lead advisor from Python: the repository's vectors, and the
same seed giving the same result as the command line."""

import json

import pytest

import cardtree


def test_grid_scores_equal_the_framework(grid_vectors):
    systems, grids = grid_vectors
    for g in grids:
        for name, scores in systems.items():
            got = cardtree.pps_score(g["grid"], ",".join(map(str, scores)))
            assert got["hands"] == g["hands"], g["id"]
            assert got["score"] == g["scores"][name], (g["id"], name)


def test_a_pps_game_is_the_command_line_s(cli):
    ours = cardtree.pps_play(player="greedy", games=6, seed=3)
    theirs = json.loads(cli("pps", "play", "--player", "greedy", "--games", "6", "--seed", "3", "--json"))
    for result in (ours, theirs):
        result.pop("wall_seconds")
    assert ours == theirs
    # Games 4 and 5 alone: the same scores, and the JSON says where they start.
    tail = cardtree.pps_play(player="greedy", games=2, first=4, seed=3)
    assert tail["first"] == 4 and ours["first"] == 0
    assert tail["scores"] == ours["scores"][4:]
    best = cardtree.pps_play(player="best", games=1, seed=1, iterations=20, threads=1)
    assert len(best["scores"]) == 1 and best["scores"][0] > 0


def test_pps_train_writes_a_table_it_resumes(tmp_path):
    out = tmp_path / "table.txt"
    first = cardtree.pps_train(str(out), games=40, batch=20, seed=2)
    assert first["games"] == 40 and first["played"] == 40 and out.exists()
    again = cardtree.pps_train(str(out), games=60, batch=20, seed=2)
    assert again["games"] == 60 and again["played"] == 20


def test_blackjack_values_equal_the_exact_ones(blackjack_vectors):
    for name, v in blackjack_vectors.items():
        r = v["rules"]
        if r["strategy"] != "CDZ-" or not r["double_any_two"] or r["blackjack_pays"] != 1.5:
            continue
        got = cardtree.blackjack_ev(
            decks=r["decks"], h17=r["dealer_hits_soft_17"], das=r["double_after_split"],
            split_hands=r["max_hands_after_split"], resplit_aces=r["resplit_aces"],
            surrender=r["late_surrender"], peek=r["dealer_peeks"])
        assert abs(got["ev_total_percent"] - v["ev_total_percent"]) < 5e-9, name


def test_blackjack_actions_and_chart():
    a = cardtree.blackjack_actions("10", "6", "10")
    assert a["best"] in ("hit", "surrender", "stand")
    assert a["surrender"] is None and a["split"] is None
    assert a["stand"] < 0 and a["hit"] is not None and a["double"] is not None
    s = cardtree.blackjack_actions("8", "8", "6")
    assert s["best"] == "split" and s["split"] > s["stand"]
    chart = cardtree.blackjack_strategy(decks=6)
    assert "chart" in chart and chart["rules"]["decks"] == 6


def test_blackjack_play_is_the_command_line_s(cli):
    ours = cardtree.blackjack_play(player="optimal", hands=300, seed=5, vs="basic")
    theirs = json.loads(cli("blackjack", "play", "--player", "optimal", "--hands", "300",
                            "--seed", "5", "--vs", "basic", "--json"))
    for result in (ours, theirs):
        for key in ("seconds", "decisions_per_second"):
            result.pop(key, None)
    assert ours == theirs


HAND = "KQT2.853.AJ9.742"


def hcp(hand):
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in hand)


def test_layouts_fit_the_constraints():
    deals = cardtree.layouts(HAND, "3NT", constraints="S: 15-17 hcp", count=20, seed=3)
    assert len(deals) == 20 and len(set(deals)) == 20
    for d in deals:
        assert d.hand("W") == HAND
        assert 15 <= hcp(d.hand("S")) <= 17


def test_a_lead_is_the_command_line_s(cli):
    args = dict(constraints="S: 15-17 hcp", samples=12, seed=4)
    ours = cardtree.lead(HAND, "3NT", **args)
    theirs = json.loads(cli("bridge", "lead", "--hand", HAND, "--contract", "3NT", "--constraints",
                            "S: 15-17 hcp", "--samples", "12", "--seed", "4", "--json", "--quiet"))
    for result in (ours, theirs):
        result.pop("ms")
    assert ours == theirs
    uct = cardtree.lead(HAND, "3NT", samples=4, method="uct", playouts=200, p=4.0)
    assert uct["method"].startswith("uct") and uct["best"] in uct["cards"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: cardtree.pps_score("AS KS", "american"),
        lambda: cardtree.pps_score("--" * 25, "no-such-system"),
        lambda: cardtree.pps_play(player="nobody"),
        lambda: cardtree.pps_play(games=0),
        lambda: cardtree.pps_play(iterations=0),
        lambda: cardtree.pps_play(lookahead=3),
        lambda: cardtree.pps_play(guard=-1.0),
        lambda: cardtree.blackjack_actions("11", "6", "10"),
        lambda: cardtree.blackjack_actions("10", "6", "10", decks=0),
        lambda: cardtree.blackjack_actions("10", "6", "10", split_hands=9),
        lambda: cardtree.blackjack_play(hands=0),
        lambda: cardtree.blackjack_play(player="nobody"),
        lambda: cardtree.lead(HAND, "9NT"),
        lambda: cardtree.lead("AKQ", "3NT"),
        lambda: cardtree.lead(HAND, "3NT", constraints="S: 15-17 hcpp"),
        lambda: cardtree.lead(HAND, "3NT", method="psychic"),
        lambda: cardtree.lead(HAND, "3NT", p=float("inf")),
        lambda: cardtree.layouts(HAND, "3NT", constraints="S: 37+ hcp", count=1, max_tries=100),
    ],
)
def test_bad_input_is_a_value_error(call):
    with pytest.raises(ValueError) as e:
        call()
    assert "\n" not in str(e.value) and str(e.value)
