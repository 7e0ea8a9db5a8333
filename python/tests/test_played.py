"""Hands as played: the LIN and PBN readers, the analyser (double dummy, single dummy) and the
boards' conversion to and from endplay, against the command line's own report."""

import json
import os
import subprocess

import pytest

import cardtree

from conftest import DATA

PLAYED = DATA / "bridge" / "played"


def test_readers_give_the_boards_and_name_the_broken_ones():
    lin = cardtree.read_lin((PLAYED / "quirks.lin").read_text())
    pbn = cardtree.read_pbn_play((PLAYED / "quirks.pbn").read_text())
    good = [b for b in lin + pbn if "error" not in b]
    broken = [b for b in lin + pbn if "error" in b]
    assert len(good) >= 6 and broken, (lin, pbn)
    for b in broken:
        assert set(b) == {"board", "token", "error"} and "\n" not in b["error"]
    first = lin[0]
    assert first["contract"] == "2S" and first["declarer"] == "E"
    assert first["deal"].startswith("N:") and len(first["play"]) >= 4
    assert first["players"]["N"] == "Nell"


def test_the_analysis_is_the_command_line_s():
    text = (PLAYED / "quirks.pbn").read_text()
    got = cardtree.analyse_play(text, format="pbn")
    cli = os.environ.get("CARDTREE")
    if cli:
        out = subprocess.run(
            [cli, "bridge", "analyse", "--pbn", str(PLAYED / "quirks.pbn"), "--json"],
            check=True, capture_output=True, text=True,
        ).stdout.splitlines()
        lines = [json.loads(line) for line in out]
        assert got["boards"] == [x for x in lines if "error" not in x and "summary" not in x]
        assert got["summary"] == lines[-1]["summary"]
    assert got["broken"] and all("error" in b for b in got["broken"])
    # The boards as dicts give the same analysis.
    boards = [b for b in cardtree.read_pbn_play(text) if "error" not in b]
    assert cardtree.analyse_play(boards)["boards"] == got["boards"]


def test_the_single_dummy_judge_is_deterministic_and_thread_free():
    text = (PLAYED / "quirks.pbn").read_text()
    one = cardtree.analyse_play(text, "pbn", single_dummy=True, samples=6, threads=1)
    two = cardtree.analyse_play(text, "pbn", single_dummy=True, samples=6, threads=2)
    assert one == two
    judged = [c["single_dummy"] for b in one["boards"] for c in b.get("cards", []) if c["single_dummy"]]
    assert judged and all(j["samples"] == 6 for j in judged if "samples" in j)
    assert {j["verdict"] for j in judged if "verdict" in j} <= {"good", "unlucky", "lucky", "mistake"}


@pytest.mark.parametrize(
    "kwargs, word",
    [
        ({"format": "xml"}, "format"),
        ({"samples": 0, "single_dummy": True}, "samples"),
        ({"constraints": "Q: 1 hcp"}, "constraints"),
        ({"table_mib": 0}, "table_mib"),
    ],
)
def test_bad_arguments_are_value_errors_naming_them(kwargs, word):
    with pytest.raises(ValueError, match=word):
        cardtree.analyse_play("pn|a,b,c,d|", **kwargs)


def test_bad_boards_are_value_errors_naming_the_field():
    with pytest.raises(ValueError, match="deal"):
        cardtree.analyse_play([{"deal": "N:AK.. .. .. .."}])
    board = cardtree.read_lin((PLAYED / "quirks.lin").read_text())[0]
    board["play"] = ["SA"] + board["play"][1:]
    with pytest.raises(ValueError, match="play, card 1"):
        cardtree.analyse_play([board])
    with pytest.raises(ValueError):
        cardtree.analyse_play("no board here")


def test_boards_go_to_endplay_and_back():
    pytest.importorskip("endplay")
    for b in cardtree.read_lin((PLAYED / "quirks.lin").read_text()):
        if "error" in b:
            continue
        e = cardtree.board_to_endplay(b)
        back = cardtree.board_from_endplay(e, board=b["board"])
        for key in ("deal", "dealer", "vulnerable", "contract", "declarer", "play", "claim"):
            if key == "deal":
                assert cardtree.Deal(back["deal"]) == cardtree.Deal(b["deal"])
            else:
                assert back[key] == b[key], (key, b, back)
        assert back["auction"] == b["auction"] or (b["auction"] is None and back["auction"] is None)
