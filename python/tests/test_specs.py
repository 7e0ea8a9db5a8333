"""The walk test, Python's door: every option of every spec the host holds (`cardtree._specs()`,
the table `cardtree uct`, `cardtree bridge lead` and `cardtree blackjack` derive their flags
from) is a keyword of the
Python function for that command, with the spec's default (required: no default), and every
limit is refused by an InputError naming the keyword."""

import inspect
import os
import tempfile

import pytest

import cardtree

# Each command's Python function, the arguments that make a quick call (or a function making
# them), its keywords that are the position (not options), and the spec's options it does not
# take (Python passes a Deal, not a PBN text; one position needs no threads; Python trains
# tables, not networks).
DOORS = {
    "bridge solve": (
        cardtree.solve_board,
        {"deal": cardtree.Deal("N:A... K... Q... J..."), "strain": "NT", "leader": "N"},
        {"deal", "strain", "leader", "played"},
        {"deal", "leader", "trump", "threads"},
    ),
    "bridge table": (
        cardtree.dd_tables,
        {"deals": [cardtree.Deal("N:A... K... Q... J...")]},
        {"deals"},
        {"deal", "board", "dealer", "vulnerable"},
    ),
    "uct": (cardtree.uct_search, {"game": "tictactoe", "iterations": 1}, {"game", "strain", "leader"}),
    "blackjack ev": (cardtree.blackjack_ev, {}, set()),
    "blackjack strategy": (cardtree.blackjack_strategy, {}, set()),
    "blackjack play": (cardtree.blackjack_play, {"hands": 1}, set()),
    "pps train": (
        cardtree.pps_train,
        # A new file each call (a file already trained otherwise is refused).
        lambda: {"out": os.path.join(tempfile.mkdtemp(), "table.txt"), "games": 1, "batch": 1},
        {"out"},
        {"net", "alpha", "lambda_ppm", "eval_every", "plot"},
    ),
    "pps play": (cardtree.pps_play, {"player": "greedy", "games": 1, "iterations": 1}, set()),
    "bridge lead": (
        cardtree.lead,
        {"hand": "KQT2.853.AJ9.742", "contract": "3NT", "samples": 1},
        set(),
    ),
}

# Commands with no Python door, and why.
EXPERIMENT = (
    "an experiment writes a directory of shards to resume and merge; Python runs the same "
    "searches one call at a time"
)
COMMAND_LINE_ONLY = {
    "experiment pps": EXPERIMENT,
    "experiment mckay": EXPERIMENT,
    "experiment leads": EXPERIMENT,
    "experiment blackjack": EXPERIMENT,
    "experiment tables": EXPERIMENT,
}


def test_every_spec_has_a_door():
    assert {s["command"] for s in cardtree._specs()} == set(DOORS) | set(COMMAND_LINE_ONLY)


@pytest.mark.parametrize(
    "spec",
    [s for s in cardtree._specs() if s["command"] not in COMMAND_LINE_ONLY],
    ids=lambda s: s["command"],
)
def test_the_keywords_are_the_spec_s(spec):
    function, made, position, *rest = DOORS[spec["command"]]

    def quick():
        return made() if callable(made) else made

    absent = rest[0] if rest else set()
    params = inspect.signature(function).parameters
    assert absent <= {o["name"] for o in spec["options"]}, "absent options are the spec's"
    options = [o for o in spec["options"] if o["name"] not in absent]
    assert options, "the door takes some of the spec's options"
    assert [o["name"] for o in options] == [n for n in params if n not in position]
    for o in options:
        want = inspect.Parameter.empty if o["required"] else o["default"]
        assert params[o["name"]].default == want, o["name"]
        assert o["doc"]
        bad = []
        if o["kind"] == "whole":
            bad = [o["min"] - 1] if o["min"] > 0 else [-1]
            if o["max"] < 2**64 - 1:
                bad.append(int(o["max"]) + 1)
        elif o["kind"] == "real":
            bad = [float("nan"), o["min"] - 0.5]
        elif o["kind"] == "choice":
            bad = ["nonesuch"]
        for value in bad:
            with pytest.raises(cardtree.InputError) as e:
                function(**{**quick(), o["name"]: value})
            assert str(e.value).startswith(o["name"] + ": "), (o["name"], str(e.value))
            assert "--" not in str(e.value) and "^" not in str(e.value)
        if o["kind"] == "choice":
            for name in o["choices"]:
                function(**{**quick(), o["name"]: name})


def test_a_fault_in_a_text_is_shown_without_a_caret():
    with pytest.raises(cardtree.InputError) as e:
        cardtree.lead("KQT2.853.AJ9.742", "3NT", constraints="S: 15-17 hcpx")
    message = str(e.value)
    assert message.startswith("constraints: ") and "at character" in message
    assert "^" not in message and "--" not in message
    with pytest.raises(cardtree.InputError, match=r"^hand: has 12 cards, want 13$"):
        cardtree.lead("KQT2.853.AJ9.74", "3NT")
    with pytest.raises(cardtree.InputError, match=r"^count: "):
        cardtree.layouts("KQT2.853.AJ9.742", "3NT", count=0)
