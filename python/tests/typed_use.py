"""Typed use of the package, for mypy --strict (`test_api.py` runs it): seats and strains are
literals, results typed dicts, so a user's type checker sees what each call takes and gives."""

import cardtree


def tricks_of_the_best_lead() -> float:
    r = cardtree.lead("KQT2.853.AJ9.742", "3NT", declarer="S", samples=4, objective="tricks")
    best = r["best"]
    assert best is not None
    tricks = r["cards"][best]["tricks"]
    return tricks if tricks is not None else 0.0


def centre_visits() -> int:
    r = cardtree.uct_search("tictactoe", iterations=100, backup="mean")
    return sum(c["visits"] for c in r["children"] if c["move"] == 4)


def north_tricks_at_no_trump(deal: cardtree.Deal) -> int:
    return cardtree.dd_table(deal).tricks("N", "NT")


def caught() -> str:
    try:
        cardtree.uct_search("tictactoe", iterations=0)
    except cardtree.InputError as e:
        return str(e)
    return ""
