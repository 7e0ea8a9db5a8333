/* The training run of the profile-guided libdds (benches/pgo/build.sh --libdds): DDS's calls as
 * programs make them, through the instrumented library and its header alone (no DDS, no Rust):
 * whole tables of 40 random deals with CalcAllTables, BEN's pattern (SolveAllBoardsBin on two
 * batches of 200 positions in mid-play, target -1, solutions 1 and 3 by turns) and 40 random
 * hands played out and traced with AnalysePlayBin. The deals come from SEED (7 by default: no
 * benchmark's; `cardtree bridge libdds` uses 6363), so the profile is not of the deals it is
 * measured on. It checks only that every call succeeds: the answers are checked by
 * capi/tests/c/check.c and the live comparison with DDS.
 *
 *   cc -O2 -I capi/include -I capi/tests/c benches/pgo/train_libdds.c -L DIR -ldds && ./a.out [SEED]
 *
 * Its random play (a legal card, a trick's winner) is capi/tests/c/random_play.h, which the
 * check program uses too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds.h"
#include "random_play.h"

/* A random deal: holdings[hand][suit] with DDS's bits (rank r, 2..14, is bit r). */
static void random_deal(unsigned holdings[DDS_HANDS][DDS_SUITS]) {
  int cards[52];
  for (int i = 0; i < 52; i++) cards[i] = i;
  for (int i = 51; i > 0; i--) {
    int j = (int)next_random((unsigned)i + 1), t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  memset(holdings, 0, sizeof(unsigned) * DDS_HANDS * DDS_SUITS);
  for (int i = 0; i < 52; i++) holdings[i / 13][cards[i] / 13] |= 1u << (cards[i] % 13 + 2);
}

/* A hand being played: the cards left, the trick under way and who leads it. */
struct play {
  unsigned hands[DDS_HANDS][DDS_SUITS];
  int trump, leader, count;
  int suit[4], rank[4];
};

static void check(int code, const char *call) {
  if (code != RETURN_NO_FAULT) {
    char msg[80];
    ErrorMessage(code, msg);
    fprintf(stderr, "train_libdds: %s: %s (%d)\n", call, msg, code);
    exit(1);
  }
}

/* A random legal card of the player to move: its suit and rank. */
static void play_random(const struct play *p, int *suit, int *rank) {
  random_card(p->hands[(p->leader + p->count) % 4], p->count > 0 ? p->suit[0] : -1, suit, rank);
}

/* Plays a card; at the trick's fourth card its winner leads the next. */
static void play_card(struct play *p, int suit, int rank) {
  p->hands[(p->leader + p->count) % 4][suit] &= ~(1u << rank);
  p->suit[p->count] = suit;
  p->rank[p->count] = rank;
  if (++p->count == 4) {
    p->leader = (p->leader + trick_winner(p->suit, p->rank, p->trump)) % 4;
    p->count = 0;
  }
}

static void start(struct play *p) {
  random_deal(p->hands);
  p->trump = (int)next_random(5);
  p->leader = (int)next_random(4);
  p->count = 0;
}

static struct deal position(const struct play *p) {
  struct deal dl;
  memset(&dl, 0, sizeof dl);
  dl.trump = p->trump;
  dl.first = p->leader;
  for (int i = 0; i < p->count; i++) {
    dl.currentTrickSuit[i] = p->suit[i];
    dl.currentTrickRank[i] = p->rank[i];
  }
  memcpy(dl.remainCards, p->hands, sizeof dl.remainCards);
  return dl;
}

int main(int argc, char **argv) {
  seed_random(argc > 1 ? strtoull(argv[1], NULL, 10) : 7);
  SetMaxThreads(0);
  static struct ddTableDeals tables;
  static struct ddTablesRes results;
  static struct allParResults par;
  tables.noOfTables = MAXNOOFTABLES;
  for (int i = 0; i < MAXNOOFTABLES; i++) random_deal(tables.deals[i].cards);
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  check(CalcAllTables(&tables, -1, filter, &results, &par), "CalcAllTables");

  static struct boards batch;
  static struct solvedBoards solved;
  long nodes = 0;
  for (int b = 0; b < 2; b++) {
    batch.noOfBoards = MAXNOOFBOARDS;
    for (int i = 0; i < MAXNOOFBOARDS; i++) {
      struct play p;
      start(&p);
      for (int k = 4 + (int)next_random(17); k > 0; k--) {
        int suit, rank;
        play_random(&p, &suit, &rank);
        play_card(&p, suit, rank);
      }
      batch.deals[i] = position(&p);
      batch.target[i] = -1;
      batch.solutions[i] = i % 2 == 0 ? 1 : 3;
      batch.mode[i] = 1;
    }
    check(SolveAllBoardsBin(&batch, &solved), "SolveAllBoardsBin");
    for (int i = 0; i < solved.noOfBoards; i++) nodes += solved.solvedBoard[i].nodes;
  }

  int traced = 0;
  for (int h = 0; h < 40; h++) {
    struct play p;
    start(&p);
    struct deal dl = position(&p);
    struct playTraceBin trace;
    trace.number = 52;
    for (int i = 0; i < 52; i++) {
      play_random(&p, &trace.suit[i], &trace.rank[i]);
      play_card(&p, trace.suit[i], trace.rank[i]);
    }
    struct solvedPlay values;
    check(AnalysePlayBin(dl, trace, &values, 0), "AnalysePlayBin");
    traced += values.number;
  }
  printf("train_libdds: %d tables, %d positions (%ld trick nodes), %d trace values\n",
         MAXNOOFTABLES, 2 * MAXNOOFBOARDS, nodes, traced);
  return 0;
}
