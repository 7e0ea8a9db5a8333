"""Type stubs of the extension module `cardtree._cardtree` (re-exported by `cardtree`)."""

import os
from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, final

# A default shown as `...` is one the extension computes (the host's own constant, or an
# empty list), documented in the function's docstring; `python/tests/test_api.py` checks these
# stubs against the module with mypy's stubtest.

__all__ = [
    "__version__",
    "Deal",
    "DdTable",
    "Par",
    "random_deals",
    "dd_table",
    "dd_tables",
    "par",
    "solve_board",
    "read_pbn",
    "pbn_with_tables",
    "lead",
    "layouts",
    "read_lin",
    "read_pbn_play",
    "analyse_play",
    "pps_score",
    "pps_play",
    "pps_train",
    "blackjack_actions",
    "blackjack_ev",
    "blackjack_strategy",
    "blackjack_play",
    "uct_search",
    "_specs",
]

__version__: str

_Seat = Literal["N", "E", "S", "W", "n", "e", "s", "w"]
"""A seat letter: "N", "E", "S" or "W" (either case)."""

_Strain = Literal["NT", "N", "S", "H", "D", "C", "nt", "n", "s", "h", "d", "c"]
"""A strain: "NT" (or "N"), "S", "H", "D" or "C" (either case)."""

class _UctChild(TypedDict):
    move: Union[int, str]
    value: float
    visits: int

class _UctResult(TypedDict):
    """`uct_search`'s result: moves are numbers (tic-tac-toe's cells, the dice duel's choices)
    or cards' names ("SA")."""

    best: Union[int, str, None]
    side: int
    root_value: float
    children: List[_UctChild]
    iterations: int
    nodes: int
    tree_full: int

class _LeadCard(TypedDict):
    tricks: Optional[float]
    tricks_se: Optional[float]
    set: Optional[float]
    set_se: Optional[float]
    layouts: int

class _LeadResult(TypedDict):
    """`lead`'s result, `cardtree bridge lead --json`'s object."""

    best: Optional[str]
    best_tricks: Optional[str]
    best_set: Optional[str]
    objective: str
    cards: Dict[str, _LeadCard]
    samples: int
    tries: int
    method: str
    work: int
    memory_bytes: int
    ms: float

@final
class Deal:
    """Four hands that share no card: a full deal or an ending (every hand the same size)."""

    def __new__(cls, pbn: str) -> "Deal":
        """A deal from its PBN string, e.g. "N:AKQ.JT9.876.5432 ..."; ValueError if it is not one."""
    @staticmethod
    def random(seed: int) -> "Deal":
        """The first deal of random_deals(seed, 1), as `cardtree bridge deal --seed SEED`."""
    def to_pbn(self, first: _Seat = "N") -> str:
        """The PBN string, starting from seat `first`."""
    def hand(self, seat: _Seat) -> str:
        """The hand of `seat` as PBN writes it: "AKQ.JT9.876.5432"."""
    @property
    def hands(self) -> Dict[str, str]:
        """The four hands, {"N": ..., "E": ..., "S": ..., "W": ...}."""
    @property
    def size(self) -> int:
        """Cards in each hand (13 for a full deal)."""
    @staticmethod
    def from_endplay(deal: object) -> "Deal":
        """The deal of an endplay.types.Deal."""
    def to_endplay(self) -> object:
        """This deal as an endplay.types.Deal (endplay must be installed)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class DdTable:
    """A double-dummy table: the tricks each declarer takes in each strain."""

    def __new__(cls, double_dummy_tricks: str) -> "DdTable":
        """The table of a PBN DoubleDummyTricks value (20 hexadecimal digits)."""
    def tricks(self, declarer: _Seat, strain: _Strain) -> int:
        """The tricks `declarer` takes in `strain`, with the lead from declarer's left."""
    def __getitem__(self, key: Tuple[_Seat, _Strain], /) -> int: ...
    def to_dict(self) -> Dict[str, Dict[str, int]]:
        """{"N": {"S": 9, "H": 8, "D": 7, "C": 7, "NT": 9}, "E": ..., "S": ..., "W": ...}."""
    @property
    def pbn(self) -> str:
        """The table as PBN's DoubleDummyTricks tag writes it."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Par:
    """The par of a deal."""

    score_ns: int
    """North-South's par score (East-West's is its negative); 0 when passed out."""
    contracts: List[str]
    """The par contracts in DDS's notation ("4S-EW", "5D*-NS-2"); none when passed out."""

def random_deals(seed: int, count: int) -> List[Deal]:
    """`count` random deals from `seed`: those of `cardtree bridge deal --seed SEED --count COUNT`."""

def dd_table(deal: Deal, table_mib: int = 64) -> DdTable:
    """The double-dummy table of `deal`; the GIL is released while it is solved."""

def dd_tables(
    deals: Sequence[Deal], threads: int = 0, table_mib: int = 64
) -> List[DdTable]:
    """The tables of `deals` in order, on `threads` threads (default one per core); the GIL is
    released and Ctrl-C stops it between deals."""

def par(table: DdTable, dealer: _Seat, vulnerability: str) -> Par:
    """The par of `table` with `dealer` and `vulnerability` ("None", "NS", "EW", "All")."""

def solve_board(
    deal: Deal,
    strain: _Strain,
    leader: _Seat,
    played: Iterable[str] = ...,
    table_mib: int = 64,
) -> Dict[str, int]:
    """Every legal card of the player to move with the tricks their side takes from here on:
    `deal` as at the start of the current trick, `leader` on lead to it, `played` the cards
    already played to it (0 to 3, still in the deal's hands). {"SA": 9, ...}, highest first."""

def lead(
    hand: str,
    contract: str,
    seat: Optional[_Seat] = None,
    declarer: _Seat = "S",
    constraints: str = "",
    samples: int = 100,
    method: Literal["solver", "uct", "ismcts"] = "solver",
    playouts: Optional[int] = None,
    c: float = 16.0,
    p: float = 1.0,
    seed: int = 1,
    objective: Literal["tricks", "set"] = "set",
    max_tries: int = 1_000_000,
    threads: int = 0,
    table_mib: int = 64,
) -> _LeadResult:
    """Every opening lead from `hand` against `contract` by `declarer`, valued on layouts of the
    unseen hands that fit `constraints` ("S: 15-17 hcp, 2-4 S; N: 8-15 hcp") by `method`
    ("solver", "uct" or "ismcts"): what `cardtree bridge lead --json` prints, as a dict. With
    the solver and `objective="set"` only whether each card beats the contract is found (one
    zero-window test a card): each card's `tricks` is then None. `seat`, if given, must be the
    opening leader; `threads` 0 is one per core. The options and limits are `cardtree bridge
    lead`'s (`_specs()`). The GIL is released; Ctrl-C stops it between layouts."""

def layouts(
    hand: str,
    contract: str,
    declarer: _Seat = "S",
    constraints: str = "",
    count: int = 100,
    seed: int = 1,
    max_tries: int = 1_000_000,
) -> List[Deal]:
    """The first `count` layouts `lead` values for the same arguments, layout i from stream (seed, i)."""

def read_lin(text: str) -> List[Dict[str, Any]]:
    """The boards of a BBO LIN text (a hand, a vugraph file, a hand viewer's address), each a
    dict: board, room, deal (PBN from North), dealer, vulnerable, players, auction (the calls
    or None), alerts, contract, declarer, play, claim, result, commentary. A board that
    cannot be read is {"board", "token", "error"} in its place."""

def read_pbn_play(text: str) -> List[Dict[str, Any]]:
    """The boards of a PBN text with play sections, as `read_lin` gives them."""

def analyse_play(
    source: Union[str, List[Dict[str, Any]]],
    format: str = "lin",
    single_dummy: bool = False,
    samples: int = 100,
    seed: int = 1,
    constraints: str = "",
    threads: int = 0,
    table_mib: int = 64,
) -> Dict[str, Any]:
    """Hands as played judged as `cardtree bridge analyse --json` judges them: `source` a LIN
    text (format "lin"), a PBN text ("pbn") or a list of boards as `read_lin` gives them.
    Every card double dummy and, with `single_dummy`, single dummy over `samples` layouts a
    card. {"boards": [...], "broken": [...], "summary": {...}}. The GIL is released; Ctrl-C
    stops it between boards and cards."""

def pps_score(grid: str, system: str = "american") -> Dict[str, Any]:
    """{"hands": [ten class ids, rows 0-4 then columns 0-4], "score": total} of a 25-cell grid
    ("AS KS ... --" row by row) under a point system ("american", "random:42", ten integers)."""

def pps_play(
    player: Literal[
        "random", "rules", "flat", "greedy", "mcts", "learned", "expectimax", "rollout", "best"
    ] = "mcts",
    games: int = 100,
    seed: int = 1,
    system: str = "american",
    iterations: Optional[int] = None,
    game_seconds: Optional[float] = None,
    threads: int = 0,
    candidates: int = 0,
    lookahead: Literal[1, 2] = 1,
    playout_lookahead: Literal[0, 1, 2] = 0,
    guard: Optional[float] = None,
    control_variate: bool = False,
    values: Optional[Union[str, "os.PathLike[str]"]] = None,
    selection: Literal["uct", "uct-calc", "best-move", "prune-uct"] = "prune-uct",
    simulation: Literal[
        "random", "random-calc", "prune-random", "best-move", "rules", "auto", "learned",
        "learned-value",
    ] = "best-move",
    squash: Literal["none", "precise", "imprecise", "max200", "max2000"] = "none",
    cp: float = 141.4213562373095,
    weights: str = "tuned",
    prior_mix: Literal["sum", "conditional", "made-in-full"] = "sum",
    delta: float = 1.3,
    apriori: Optional[str] = None,
    symmetry: bool = True,
    simple_rules: bool = True,
    net: Optional[Union[str, "os.PathLike[str]"]] = None,
    *,
    first: int = 0,
) -> Dict[str, Any]:
    """Games first .. first + games of the run `seed` by `player`: what `cardtree pps play --json`
    prints (mean, sd, ci95, first, scores, iterations, ...). The options are `pps play`'s, with
    its defaults (one spec)."""

def pps_train(
    out: str,
    games: int = 200_000,
    system: str = "american",
    seed: int = 1,
    batch: int = 20_000,
    explore_ppm: int = 50_000,
    threads: int = 0,
    teacher: Literal["greedy", "expectimax"] = "greedy",
) -> Dict[str, Any]:
    """Learns a table of abstract-hand values into the file `out` (resuming it if it holds one):
    {"games", "played", "states_seen", "last_batch_mean"}."""

def blackjack_actions(
    first: str,
    second: str,
    up: str,
    decks: int = 6,
    h17: bool = False,
    das: bool = True,
    split_hands: int = 2,
    resplit_aces: bool = False,
    surrender: bool = False,
    peek: bool = True,
) -> Dict[str, Any]:
    """The exact EV in bets of each action ("stand", "hit", "double", "split", "surrender";
    None where not allowed) for the player's two cards against the up card, and the "best"."""

def blackjack_ev(
    decks: int = 6,
    h17: bool = False,
    das: bool = True,
    split_hands: int = 2,
    resplit_aces: bool = False,
    surrender: bool = False,
    peek: bool = True,
) -> Dict[str, Any]:
    """The exact value of a round under optimal play: what `cardtree blackjack ev --json` prints."""

def blackjack_strategy(
    decks: int = 6,
    h17: bool = False,
    das: bool = True,
    split_hands: int = 2,
    resplit_aces: bool = False,
    surrender: bool = False,
    peek: bool = True,
) -> Dict[str, Any]:
    """The computed basic-strategy chart and its value: what `cardtree blackjack strategy --json` prints."""

def blackjack_play(
    player: Literal["mcts", "timid", "basic", "default", "optimal"] = "basic",
    hands: int = 10_000,
    seed: int = 1,
    vs: Optional[Literal["mcts", "timid", "basic", "default", "optimal"]] = None,
    shoe: Literal["standard", "high", "low", "even", "odd", "random"] = "standard",
    iterations: int = 100,
    c: float = 2.0,
    decks: int = 6,
    h17: bool = False,
    das: bool = True,
    split_hands: int = 2,
    resplit_aces: bool = False,
    surrender: bool = False,
    peek: bool = True,
    threads: int = 0,
    closed_loop: bool = False,
    basic_rollout: bool = False,
    unprune_after: int = 0,
    audit: bool = False,
) -> Dict[str, Any]:
    """Paired hands of `player` (and `vs` on the same cards): what `cardtree blackjack play --json`
    prints. The options are `blackjack play`'s, with its defaults (one spec). The GIL is
    released; Ctrl-C stops it between hands."""

def uct_search(
    game: Any,
    strain: Optional[_Strain] = None,
    leader: Optional[_Seat] = None,
    iterations: int = 1000,
    c: Optional[float] = None,
    p: float = 1.0,
    mckay: bool = False,
    backup: Literal["mean", "power", "returns"] = "power",
    expansion: Optional[Literal["one-node", "all-children", "one-decision"]] = None,
    final_move: Optional[Literal["value", "visits", "robust"]] = None,
    normalize: Optional[bool] = None,
    seed: int = 1,
    stream: int = 0,
    nodes: int = 1048576,
) -> _UctResult:
    """UCT from a position of "tictactoe[:BOARD]", "dice[:LIMIT:FACES]" or a Deal (with strain
    and leader): standard UCT, or McKay & Kruskal's with `mckay=True`; `p` the power of the
    backups and `backup` their rule ("mean" is the mean whatever `p`). Random numbers from
    stream (seed, stream). Returns best, side, root_value, children (move, value, visits),
    iterations, nodes, tree_full. The options and limits are `cardtree uct`'s (`_specs()`)."""

def _specs() -> List[Dict[str, Any]]:
    """Every command's options as the host's specs hold them: [{"command", "options": [{"name",
    "doc", "kind", "min", "max", "choices", "default"}]}]."""

def read_pbn(text: Union[str, bytes]) -> List[Dict[str, Any]]:
    """The boards of a PBN file's text: [{"board": n, "dealer": "N", "vulnerable": "None",
    "deal": Deal}], as `cardtree bridge table --pbn` reads them."""

def pbn_with_tables(
    text: Union[str, bytes], threads: int = 0, table_mib: int = 64
) -> bytes:
    """The PBN file with every board's double-dummy tags written in, everything else untouched:
    the bytes `cardtree bridge table --pbn` writes."""
