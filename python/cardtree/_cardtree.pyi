"""Type stubs of the extension module `cardtree._cardtree` (re-exported by `cardtree`)."""

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

__version__: str

Seat = str
"""A seat letter: "N", "E", "S" or "W" (either case)."""

Strain = str
"""A strain: "NT" (or "N"), "S", "H", "D" or "C" (either case)."""

class Deal:
    """Four hands that share no card: a full deal or an ending (every hand the same size)."""

    def __init__(self, pbn: str) -> None:
        """A deal from its PBN string, e.g. "N:AKQ.JT9.876.5432 ..."; ValueError if it is not one."""
    @staticmethod
    def random(seed: int) -> "Deal":
        """The first deal of random_deals(seed, 1), as `cardtree bridge deal --seed SEED`."""
    def to_pbn(self, first: Seat = "N") -> str:
        """The PBN string, starting from seat `first`."""
    def hand(self, seat: Seat) -> str:
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
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class DdTable:
    """A double-dummy table: the tricks each declarer takes in each strain."""

    def __init__(self, double_dummy_tricks: str) -> None:
        """The table of a PBN DoubleDummyTricks value (20 hexadecimal digits)."""
    def tricks(self, declarer: Seat, strain: Strain) -> int:
        """The tricks `declarer` takes in `strain`, with the lead from declarer's left."""
    def __getitem__(self, key: Tuple[Seat, Strain]) -> int: ...
    def to_dict(self) -> Dict[str, Dict[str, int]]:
        """{"N": {"S": 9, "H": 8, "D": 7, "C": 7, "NT": 9}, "E": ..., "S": ..., "W": ...}."""
    @property
    def pbn(self) -> str:
        """The table as PBN's DoubleDummyTricks tag writes it."""
    def __eq__(self, other: object) -> bool: ...

class Par:
    """The par of a deal."""

    score_ns: int
    """North-South's par score (East-West's is its negative); 0 when passed out."""
    contracts: List[str]
    """The par contracts in DDS's notation ("4S-EW", "5D*-NS-2"); none when passed out."""

def random_deals(seed: int, count: int) -> List[Deal]:
    """`count` random deals from `seed`: those of `cardtree bridge deal --seed SEED --count COUNT`."""

def dd_table(deal: Deal, table_mib: int = 16) -> DdTable:
    """The double-dummy table of `deal`; the GIL is released while it is solved."""

def dd_tables(
    deals: Sequence[Deal], threads: Optional[int] = None, table_mib: int = 16
) -> List[DdTable]:
    """The tables of `deals` in order, on `threads` threads (default one per core); the GIL is
    released and Ctrl-C stops it between deals."""

def par(table: DdTable, dealer: Seat, vulnerability: str) -> Par:
    """The par of `table` with `dealer` and `vulnerability` ("None", "NS", "EW", "All")."""

def solve_board(
    deal: Deal,
    strain: Strain,
    leader: Seat,
    played: Iterable[str] = (),
    table_mib: int = 16,
) -> Dict[str, int]:
    """Every legal card of the player to move with the tricks their side takes from here on:
    `deal` as at the start of the current trick, `leader` on lead to it, `played` the cards
    already played to it (0 to 3, still in the deal's hands). {"SA": 9, ...}, highest first."""
