"""Boards as played, to and from endplay's `Board` (endplay 0.5+, imported when called).

A board is the dict `read_lin`, `read_pbn_play` and `analyse_play` use: `deal` (PBN),
`dealer`, `vulnerable`, `players`, `auction`, `alerts`, `contract`, `declarer`, `play`,
`claim`, `result`. Only the conversion lives here; reading, checking and judging are the
library's (a dict goes back through it: `analyse_play([board])` checks every field).
"""

import re
from typing import Any, Dict, List, Optional

_VUL = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}
# endplay's Denom values (spades 0 .. clubs 3, no trump 4); its `abbr` may be a suit symbol.
_DENOM = ["S", "H", "D", "C", "NT"]
_CONTRACT = re.compile(r"^([1-7])(NT|S|H|D|C)(X{0,2})$")


def board_to_endplay(board: Dict[str, Any]) -> Any:
    """The board as an `endplay.types.Board`: deal, dealer, vulnerability, the auction (alerts
    and their explanations kept), the play, the contract (with declarer's result when the
    board has one) and the players' names as its `North`... info; `claimed` when the play
    ended in a claim."""
    from endplay.types import Board, Card, Contract, Deal, Player, Vul
    from endplay.types.bid import Bid

    alerts = {a["call"]: a for a in board.get("alerts") or []}
    auction = []
    for i, call in enumerate(board.get("auction") or []):
        a = alerts.get(i)
        auction.append(
            Bid(
                "P" if call == "Pass" else call,
                alertable=bool(a and a.get("alerted")),
                announcement=(a.get("text") or None) if a else None,
            )
        )
    contract = None
    if board.get("contract") and board.get("declarer"):
        m = _CONTRACT.match(board["contract"])
        if m is None:
            raise ValueError(f"contract: {board['contract']!r} is not a contract")
        text = f"{m[1]}{m[2]}{board['declarer']}{m[3]}"
        # Declarer's tricks: the claim's, else the record's result.
        tricks = board.get("claim")
        if tricks is None:
            tricks = board.get("result")
        if tricks is not None:
            made = tricks - (int(m[1]) + 6)
            text += "=" if made == 0 else f"{made:+d}"
        contract = Contract(text)
    names = board.get("players") or {}
    info = {
        tag: names[seat]
        for seat, tag in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))
        if names.get(seat)
    }
    return Board(
        Deal(board["deal"]),
        auction,
        [Card(c) for c in board.get("play") or []],
        int(board["board"]) if str(board.get("board", "")).isdigit() else None,
        vul=Vul.find(_VUL.get(board.get("vulnerable") or "None", "none")),
        dealer=Player.find(board.get("dealer") or "N"),
        contract=contract,
        claimed=board.get("claim") is not None,
        **info,
    )


def board_from_endplay(b: Any, board: Optional[str] = None) -> Dict[str, Any]:
    """An `endplay.types.Board` as a board dict (the inverse of `board_to_endplay`); `board`
    names it (default: its number). A claimed board's claim is the contract's result."""
    from endplay.types.bid import ContractBid

    calls: List[str] = []
    alerts = []
    for i, bid in enumerate(b.auction):
        if isinstance(bid, ContractBid):
            calls.append(f"{bid.level}{_DENOM[int(bid.denom)]}")
        else:
            calls.append({1: "Pass", 2: "X", 4: "XX"}[int(bid.penalty)])
        if bid.alertable or bid.announcement:
            alerts.append({"call": i, "alerted": bool(bid.alertable), "text": bid.announcement or ""})
    contract = declarer = result = None
    c = b.contract
    if c is not None and c.level:
        contract = f"{c.level}{_DENOM[int(c.denom)]}{'X' * (int(c.penalty) >> 1)}"
        declarer = "NESW"[int(c.declarer)]
        if c.result is not None and (b.claimed or len(b.play) == 52 or c.result != 0):
            result = c.level + 6 + c.result
    players = {s: str(getattr(b.info, tag, "") or "") for s, tag in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))}
    return {
        "board": board if board is not None else str(b.board_num or 1),
        "deal": b.deal.to_pbn(),
        "dealer": "NESW"[int(b.dealer)] if b.dealer is not None else "N",
        "vulnerable": {0: "None", 1: "All", 2: "NS", 3: "EW"}[int(b.vul)] if b.vul is not None else "None",
        "players": players,
        "auction": calls if calls else None,
        "alerts": alerts,
        "contract": contract,
        "declarer": declarer,
        # endplay's Rank names are "R2" .. "RA".
        "play": [_DENOM[int(card.suit)] + card.rank.name[1:] for card in b.play],
        "claim": result if b.claimed and len(b.play) < 52 else None,
        "result": result,
    }
