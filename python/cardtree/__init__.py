"""cardtree: game-tree search over card games.

An exact double-dummy bridge solver (tables, par, every card of the player to move), random
deals, and more to come: the opening-lead advisor, Poker Squares, Blackjack and the MCTS
kernel with power-mean backups. The work is done in Rust (the `cardtree` crate); long calls
release the GIL and can be interrupted with Ctrl-C.
"""

from ._cardtree import (
    DdTable,
    Deal,
    Par,
    __version__,
    dd_table,
    dd_tables,
    par,
    random_deals,
    solve_board,
)

__all__ = [
    "DdTable",
    "Deal",
    "Par",
    "__version__",
    "dd_table",
    "dd_tables",
    "par",
    "random_deals",
    "solve_board",
]
