"""cardtree: game-tree search over card games.

An exact double-dummy bridge solver (tables, par, every card of the player to move), random
deals, the opening-lead advisor and its layouts, Parameterized Poker Squares (scores, games by
any player, learned tables) and Blackjack (exact values, the computed strategy chart, paired
hands of the players), hands as played (BBO LIN and PBN play records read, every card judged
double dummy and single dummy, boards to and from endplay), and the MCTS kernel with McKay's power-mean backups on the games. The work is done in Rust (the `cardtree` crate); long calls
release the GIL and can be interrupted with Ctrl-C. Errors are `cardtree.errors`' classes:
`InputError` (a `ValueError`) for bad input, `FileError` (an `OSError`), `Interrupted` (a
`KeyboardInterrupt`), all but the last under `cardtree.Error`.
"""

from ._cardtree import (
    DdTable,
    Deal,
    Par,
    __version__,
    _specs,
    analyse_play,
    blackjack_actions,
    blackjack_ev,
    blackjack_play,
    blackjack_strategy,
    dd_table,
    dd_tables,
    layouts,
    lead,
    par,
    pbn_with_tables,
    pps_play,
    pps_score,
    pps_train,
    random_deals,
    read_lin,
    read_pbn,
    read_pbn_play,
    solve_board,
    uct_search,
)
from .errors import Error, FileError, InputError, InternalError, Interrupted
from .played import board_from_endplay, board_to_endplay

__all__ = [
    "DdTable",
    "Deal",
    "Error",
    "FileError",
    "InputError",
    "InternalError",
    "Interrupted",
    "Par",
    "__version__",
    "analyse_play",
    "blackjack_actions",
    "blackjack_ev",
    "blackjack_play",
    "blackjack_strategy",
    "board_from_endplay",
    "board_to_endplay",
    "dd_table",
    "dd_tables",
    "layouts",
    "lead",
    "par",
    "pbn_with_tables",
    "pps_play",
    "pps_score",
    "pps_train",
    "random_deals",
    "read_lin",
    "read_pbn",
    "read_pbn_play",
    "solve_board",
    "uct_search",
]
