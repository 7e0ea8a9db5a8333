/* cardtree.h: cardtree's double-dummy bridge solver for C on a microcontroller.
 *
 * The library (libcardtree_embedded.a, built by capi/embedded/build.sh for
 * thumbv7em-none-eabihf) needs no allocator and no C library: the solver's transposition table
 * is memory the caller gives to ct_solver_init, its state a ct_solver the caller owns. One
 * position (ct_solve) or one table (ct_table) is solved at a time, in that memory; the answers
 * are the same, bit for bit, as cardtree's on any other machine.
 *
 * Every function returns CT_OK (0) or a negative CT_E_* code and writes its result only on
 * CT_OK; none of them crashes on a bad argument (a null pointer, a deal that is not PBN, a card
 * past 51, a trick that does not fit the hands: each is a code, and ct_explain_position says
 * why in words). A deal is read up to its NUL.
 *
 * Encodings (cardtree's own, not DDS's):
 *   seat:   0 North, 1 East, 2 South, 3 West;
 *   strain: 0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 no trump;
 *   card:   suit * 13 + rank, suit 0 clubs .. 3 spades, rank 0 the two .. 12 the ace;
 *   deal:   PBN text, "N:AKQ.J.T9.8765 ..." (first seat, then four hands clockwise, suits
 *           spades, hearts, diamonds, clubs); "-" for a hand with no cards.
 */
#ifndef CARDTREE_H
#define CARDTREE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CT_OK 0
/* A pointer argument is null. */
#define CT_E_NULL (-1)
/* ct_solver_init: the lines are not 64-byte aligned. Others: the solver was not initialised. */
#define CT_E_MEMORY (-2)
/* The deal is not PBN text cardtree reads (ct_error_message(code) for the reason). */
#define CT_E_DEAL (-3)
/* A strain past 4. */
#define CT_E_STRAIN (-4)
/* A seat past 3. */
#define CT_E_SEAT (-5)
/* A card index past 51, or a trick longer than 3 cards. */
#define CT_E_CARD (-6)
/* The position is not one: hand sizes, a card both played and held, a revoke. */
#define CT_E_POSITION (-7)

/* Bytes of one line of the transposition table: give ct_solver_init a multiple of it. */
#define CT_LINE_BYTES 64

/* The solver's state (the table's bookkeeping and counters); opaque, owned by the caller. */
typedef struct ct_solver {
  uint64_t opaque[32];
} ct_solver;

/* A position: a deal (or an ending), the trumps, the seat that led the trick under way and the
 * cards played to it so far (trick_len 0 to 3). With a trick under way the deal holds the cards
 * still in the hands: the seats that played to it hold one card fewer. */
typedef struct ct_position {
  const char *deal;
  uint8_t strain;
  uint8_t leader;
  uint8_t trick_len;
  uint8_t trick[3];
} ct_position;

/* Every legal card of the player to move, highest first (spades to clubs, ace down), with the
 * tricks the mover's side takes from here on (the trick under way included) if it is played. */
typedef struct ct_solution {
  uint8_t count;
  uint8_t cards[13];
  uint8_t tricks[13];
  /* The most tricks the mover's side can take (0 with no card to play). */
  uint8_t best;
  /* Null-window searches run. */
  uint32_t tests;
  /* Positions searched. */
  uint64_t nodes;
  /* Tricks completed in the search. */
  uint64_t tricks_searched;
} ct_solution;

/* A deal's double-dummy table: tricks[strain][declarer], the tricks the declarer's side takes
 * with that seat as declarer (the seat after it leads). */
typedef struct ct_dd_table {
  uint8_t tricks[5][4];
  uint32_t tests;
  uint64_t nodes;
} ct_dd_table;

/* What the transposition table did since ct_solver_init. */
typedef struct ct_table_stats {
  uint64_t lookups;
  uint64_t hits;
  uint64_t stores;
  uint64_t replaced;
  uint64_t harvests;
  uint64_t resets;
  uint32_t blocks_used;
  uint32_t lines;
} ct_table_stats;

/* Sets up a solver over `bytes` of `lines` (64-byte aligned; whole lines of CT_LINE_BYTES are
 * used, the rest ignored; any number works, more lines mean fewer resets: 8192 lines, 512 KiB,
 * hold a whole deal's search without a reset). The memory must outlive the solver's use. */
int ct_solver_init(ct_solver *solver, void *lines, size_t bytes);

/* Every card of the player to move in `position`. The table keeps what it learnt for the next
 * call (positions of the same deal share most of it). */
int ct_solve(ct_solver *solver, const ct_position *position, ct_solution *out);

/* The double-dummy table of `deal`: a full deal, or an ending with every hand the same size. */
int ct_table(ct_solver *solver, const char *deal, ct_dd_table *out);

/* The table's counters. */
int ct_solver_stats(const ct_solver *solver, ct_table_stats *out);

/* What a return code means, as a NUL-terminated string (static; never null). */
const char *ct_error_message(int code);

/* Why ct_solve would refuse `position`, in words that say where (which character of the deal,
 * which hand, which card): writes at most `len` bytes into `buf`, NUL-terminated and cut short
 * if need be, and returns the code ct_solve would return (CT_OK, with "ok", for a position it
 * accepts). */
int ct_explain_position(const ct_position *position, char *buf, size_t len);

/* The same for ct_table's `deal`. */
int ct_explain_deal(const char *deal, char *buf, size_t len);

/* The layout every compiler must agree with (the library checks the same numbers). */
_Static_assert(sizeof(ct_solver) == 256, "ct_solver is 256 bytes");
_Static_assert(offsetof(ct_position, strain) == sizeof(void *), "ct_position.strain");
_Static_assert(offsetof(ct_position, trick) == sizeof(void *) + 3, "ct_position.trick");
_Static_assert(offsetof(ct_solution, best) == 27, "ct_solution.best");
_Static_assert(offsetof(ct_solution, tests) == 28, "ct_solution.tests");
_Static_assert(offsetof(ct_solution, nodes) == 32, "ct_solution.nodes");
_Static_assert(sizeof(ct_solution) == 48, "ct_solution is 48 bytes");
_Static_assert(offsetof(ct_dd_table, tests) == 20, "ct_dd_table.tests");
_Static_assert(offsetof(ct_dd_table, nodes) == 24, "ct_dd_table.nodes");
_Static_assert(sizeof(ct_dd_table) == 32, "ct_dd_table is 32 bytes");
_Static_assert(offsetof(ct_table_stats, blocks_used) == 48, "ct_table_stats.blocks_used");
_Static_assert(sizeof(ct_table_stats) == 56, "ct_table_stats is 56 bytes");

#ifdef __cplusplus
}
#endif

#endif /* CARDTREE_H */
