/*
 * cardtree's libdds from C: every export of include/dds.h called on the repository's vectors
 * (tests/data/bridge/), and on hands played out here, each answer compared with the vector or
 * with another call's. Prints one line per family and exits non-zero at the first difference.
 *
 *   check DATA_DIR [LINES]   (DATA_DIR: tests/data/bridge; LINES: the most read from a file)
 *
 * Written for C11 with nothing but the header and the C library; capi/tests/c/run.sh builds it
 * against libdds.so and libdds.a and runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds.h"
#include "random_play.h"

static int failures = 0;
/* The most lines read from each file (argv[2]; all by default). */
static int limit = 1 << 30;

#define CHECK(cond, ...)                                                                   \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "check.c:%d: ", __LINE__);                                           \
      fprintf(stderr, __VA_ARGS__);                                                        \
      fprintf(stderr, "\n");                                                               \
      failures++;                                                                          \
      if (failures > 10) exit(1);                                                          \
    }                                                                                      \
  } while (0)

#define OK(call)                                                                           \
  do {                                                                                     \
    int rc_ = (call);                                                                      \
    if (rc_ != RETURN_NO_FAULT) {                                                          \
      char msg_[80];                                                                       \
      ErrorMessage(rc_, msg_);                                                             \
      fprintf(stderr, "check.c:%d: %s returned %d (%s)\n", __LINE__, #call, rc_, msg_);   \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

/* ---- reading the JSON lines of tests/data/bridge (a known, regular form) ---- */

/* The text of string field `key` of `line` into `out` (at most n - 1 bytes). */
static int get_string(const char *line, const char *key, char *out, size_t n) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":\"", key);
  const char *p = strstr(line, pat);
  if (!p) return 0;
  p += strlen(pat);
  size_t i = 0;
  while (*p && *p != '"' && i + 1 < n) out[i++] = *p++;
  out[i] = 0;
  return 1;
}

/* The integer field `key` of `line` from `from` on. */
static int get_int(const char *from, const char *key, int *out) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  const char *p = strstr(from, pat);
  if (!p) return 0;
  *out = atoi(p + strlen(pat));
  return 1;
}

static const char SEATS[] = "NESW";
static const char SUITS[] = "SHDC";
static const char RANKS[] = "..23456789TJQKA";

static int seat_of(char c) { return (int)(strchr(SEATS, c) - SEATS); }
static int suit_of(char c) { return (int)(strchr(SUITS, c) - SUITS); }
static int rank_of(char c) { return (int)(strchr(RANKS, c) - RANKS); }

/* DDS strain index of a vector's trump: S H D C NT. */
static int strain_of(const char *t) { return strcmp(t, "NT") == 0 ? 4 : suit_of(t[0]); }

/* Holdings of a PBN deal (hands from the seat before the colon). */
static void holdings(const char *pbn, unsigned int h[4][4]) {
  memset(h, 0, 16 * sizeof(unsigned int));
  int hand = seat_of(pbn[0]), suit = 0;
  for (const char *p = pbn + 2; *p; p++) {
    if (*p == ' ') {
      hand = (hand + 1) % 4;
      suit = 0;
    } else if (*p == '.') {
      suit++;
    } else {
      h[hand][suit] |= 1u << rank_of(*p);
    }
  }
}

/* Every card of an answer (groups expanded) with its score: score[suit][rank], -100 if not
 * listed. */
static void expand(const struct futureTricks *f, int score[4][15]) {
  for (int s = 0; s < 4; s++)
    for (int r = 0; r < 15; r++) score[s][r] = -100;
  for (int i = 0; i < f->cards; i++) {
    score[f->suit[i]][f->rank[i]] = f->score[i];
    for (int r = 2; r <= 14; r++)
      if (f->equals[i] & (1 << r)) score[f->suit[i]][r] = f->score[i];
  }
}

/* A batch in one of the five forms, in turn; every card against `want`. */
static void run_batch(const char *path, struct boardsPBN *bp, struct boards *bb, int boards,
                      int want[][4][15]) {
  static struct solvedBoards solved;
  static int batches = 0;
  int form = batches++ % 5;
  int got[4][15];
  bp->noOfBoards = bb->noOfBoards = boards;
  memset(&solved, 0, sizeof solved);
  switch (form) {
    case 0: OK(SolveAllBoards(bp, &solved)); break;
    case 1: OK(SolveAllBoardsBin(bb, &solved)); break;
    case 2: OK(SolveAllChunks(bp, &solved, 1)); break;
    case 3: OK(SolveAllChunksBin(bb, &solved, 7)); break;
    default: OK(SolveAllChunksPBN(bp, &solved, 200)); break;
  }
  CHECK(solved.noOfBoards == boards, "batch count");
  for (int k = 0; k < boards; k++) {
    expand(&solved.solvedBoard[k], got);
    CHECK(memcmp(got, want[k], sizeof got) == 0, "%s: batch form %d board %d", path, form, k);
  }
}

/* ---- the leads of dev_deals.jsonl and endings.jsonl: SolveBoard, SolveBoardPBN and the
 * batch calls ---- */

static void check_leads(const char *path, int batch) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  static char line[4096];
  static struct boardsPBN bp;
  static struct boards bb;
  static int want[MAXNOOFBOARDS][4][15];
  static struct solvedBoards solved;
  int n = 0, cards = 0, boards = 0;
  memset(&bp, 0, sizeof bp);
  memset(&bb, 0, sizeof bb);
  while (n < limit && fgets(line, sizeof line, f)) {
    char pbn[80], leader[4], trump[4];
    if (!get_string(line, "pbn", pbn, sizeof pbn)) continue;
    get_string(line, "leader", leader, sizeof leader);
    get_string(line, "trump", trump, sizeof trump);
    int exp[4][15];
    for (int s = 0; s < 4; s++)
      for (int r = 0; r < 15; r++) exp[s][r] = -100;
    const char *t = strstr(line, "\"tricks\":{");
    for (const char *p = t + 10; *p && *p != '}';) {
      int s = suit_of(p[1]), r = rank_of(p[2]);
      exp[s][r] = atoi(p + 5);
      p = strchr(p + 5, ',');
      if (!p) break;
      p++;
    }
    struct deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = strain_of(trump);
    dl.first = seat_of(leader[0]);
    holdings(pbn, dl.remainCards);
    struct dealPBN dp;
    memset(&dp, 0, sizeof dp);
    dp.trump = dl.trump;
    dp.first = dl.first;
    snprintf(dp.remainCards, sizeof dp.remainCards, "%s", pbn);
    /* One at a time, every card: the binary form for even lines, PBN for odd. */
    struct futureTricks fut;
    if (n % 2 == 0)
      OK(SolveBoard(dl, -1, 3, 1, &fut, 0));
    else
      OK(SolveBoardPBN(dp, -1, 3, 1, &fut, 0));
    int got[4][15];
    expand(&fut, got);
    for (int s = 0; s < 4; s++)
      for (int r = 2; r <= 14; r++) {
        CHECK(got[s][r] == exp[s][r], "%s line %d: %c%c %d, want %d", path, n + 1, SUITS[s],
              RANKS[r], got[s][r], exp[s][r]);
        if (exp[s][r] >= 0) cards++;
      }
    /* Scores are best first. */
    for (int i = 1; i < fut.cards; i++) CHECK(fut.score[i] <= fut.score[i - 1], "order");
    /* The best card only, and every best card. */
    int best = fut.score[0];
    struct futureTricks one;
    OK(SolveBoard(dl, -1, 1, 1, &one, 0));
    CHECK(one.cards == 1 && one.score[0] == best && exp[one.suit[0]][one.rank[0]] == best,
          "%s line %d: solutions 1", path, n + 1);
    OK(SolveBoard(dl, -1, 2, 0, &one, 0));
    for (int i = 0; i < one.cards; i++)
      CHECK(one.score[i] == -2 || exp[one.suit[i]][one.rank[i]] == best, "solutions 2");
    /* Into the batch: half of each kind, as PBN and as binary. */
    bp.deals[boards] = dp;
    bb.deals[boards] = dl;
    bp.target[boards] = bb.target[boards] = -1;
    bp.solutions[boards] = bb.solutions[boards] = 3;
    bp.mode[boards] = bb.mode[boards] = 1;
    memcpy(want[boards], exp, sizeof exp);
    boards++;
    n++;
    if (boards == batch) {
      run_batch(path, &bp, &bb, boards, want);
      boards = 0;
    }
  }
  fclose(f);
  if (boards > 0) run_batch(path, &bp, &bb, boards, want);
  CHECK(SolveAllChunks(&bp, &solved, 0) == RETURN_CHUNK_SIZE, "chunk size 0");
  printf("%s: %d positions, %d cards, one at a time and in batches of %d (the five forms in turn): all agree\n",
         path, n, cards, batch);
}

/* ---- dd_tables.jsonl: the tables and par ---- */

static void strip_stars(char *s) {
  char *w = s;
  for (char *r = s; *r; r++)
    if (*r != '*') *w++ = *r;
  *w = 0;
}

static void check_tables(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  static char line[4096];
  static struct ddTableDealsPBN all;
  static struct ddTableDeals allbin;
  static struct ddTablesRes res;
  static struct allParResults pars;
  static struct ddTableResults want[MAXNOOFTABLES];
  static int vul_of[MAXNOOFTABLES];
  int n = 0, k = 0, sides = 0;
  const char *STRAINS[] = {"S", "H", "D", "C", "NT"};
  while (n < limit && fgets(line, sizeof line, f)) {
    char pbn[80], dealer[4], vul[8];
    if (!get_string(line, "pbn", pbn, sizeof pbn)) continue;
    get_string(line, "dealer", dealer, sizeof dealer);
    get_string(line, "vulnerable", vul, sizeof vul);
    int v = strcmp(vul, "None") == 0 ? 0 : strcmp(vul, "NS") == 0 ? 2 : strcmp(vul, "EW") == 0 ? 3 : 1;
    struct ddTableResults exp;
    const char *dd = strstr(line, "\"dd\":{");
    for (int h = 0; h < 4; h++) {
      char seat[8];
      snprintf(seat, sizeof seat, "\"%c\":{", SEATS[h]);
      const char *p = strstr(dd, seat) + strlen(seat);
      for (int s = 0; s < 5; s++) get_int(p, STRAINS[s], &exp.resTable[s][h]);
    }
    struct ddTableDeal td;
    holdings(pbn, td.cards);
    struct ddTableDealPBN tp;
    snprintf(tp.cards, sizeof tp.cards, "%s", pbn);
    struct ddTableResults got;
    if (n % 2 == 0)
      OK(CalcDDtable(td, &got));
    else
      OK(CalcDDtablePBN(tp, &got));
    CHECK(memcmp(&got, &exp, sizeof got) == 0, "%s line %d: table", path, n + 1);
    /* DealerPar against the vector (its contracts are written with a star on every
     * sacrifice; DDS's text leaves some off, so both are compared without). */
    struct parResultsDealer dp;
    OK(DealerPar(&exp, &dp, seat_of(dealer[0]), v));
    int score_ns;
    get_int(strstr(line, "\"par\":"), "score_ns", &score_ns);
    CHECK(dp.score == score_ns, "%s line %d: par score %d, want %d", path, n + 1, dp.score, score_ns);
    const char *c = strstr(line, "\"contracts\":[") + strlen("\"contracts\":[");
    int listed = 0;
    for (const char *p = c; *p == '"';) {
      char want_c[16] = {0}, got_c[16] = {0};
      const char *e = strchr(p + 1, '"');
      memcpy(want_c, p + 1, (size_t)(e - p - 1));
      strip_stars(want_c);
      if (listed < dp.number) {
        snprintf(got_c, sizeof got_c, "%s", dp.contracts[listed]);
        strip_stars(got_c);
      }
      CHECK(strcmp(want_c, got_c) == 0, "%s line %d: par contract %s, want %s", path, n + 1, got_c, want_c);
      listed++;
      p = e + 1;
      if (*p == ',') p++;
      else break;
    }
    if (score_ns != 0)
      CHECK(listed == dp.number, "%s line %d: %d par contracts, want %d", path, n + 1, dp.number, listed);
    else
      CHECK(dp.number == 1 && strcmp(dp.contracts[0], "pass") == 0, "%s line %d: passed out", path, n + 1);
    /* The binary form and its text, against the text form. */
    struct parResultsMaster mb;
    OK(DealerParBin(&exp, &mb, seat_of(dealer[0]), v));
    CHECK(mb.score == score_ns, "DealerParBin score");
    char text[256];
    OK(ConvertToDealerTextFormat(&mb, text));
    char head[32];
    snprintf(head, sizeof head, "Par %d: ", score_ns);
    CHECK(strncmp(text, head, strlen(head)) == 0, "dealer text %s", text);
    /* The sides forms agree with each other and with Par's text. */
    struct parResultsMaster sb[2];
    struct parResultsDealer sd[2];
    struct parResults pr;
    struct parTextResults st;
    OK(SidesParBin(&exp, sb, v));
    OK(SidesPar(&exp, sd, v));
    OK(Par(&exp, &pr, v));
    OK(ConvertToSidesTextFormat(sb, &st));
    for (int i = 0; i < 2; i++) {
      char sc[16];
      snprintf(sc, sizeof sc, "%s %d", i == 0 ? "NS" : "EW", sb[i].score);
      CHECK(strcmp(sc, pr.parScore[i]) == 0, "Par score %s, SidesParBin %s", pr.parScore[i], sc);
      CHECK(sd[i].score == sb[i].score && sd[i].number == sb[i].number, "SidesPar");
    }
    CHECK(strncmp(st.parText[0], "Par ", 4) == 0, "sides text %s", st.parText[0]);
    if (st.equal) CHECK(sb[0].score == -sb[1].score && sb[0].number == sb[1].number, "equal");
    /* CalcPar: the table and Par in one call (every tenth deal, both forms). */
    if (n % 10 < 2) {
      struct ddTableResults cp;
      struct parResults cpr;
      if (n % 2 == 0)
        OK(CalcPar(td, v, &cp, &cpr));
      else
        OK(CalcParPBN(tp, &cp, v, &cpr));
      CHECK(memcmp(&cp, &exp, sizeof cp) == 0 && memcmp(&cpr, &pr, sizeof pr) == 0, "CalcPar");
    }
    sides++;
    /* Into CalcAllTables. */
    all.deals[k] = tp;
    allbin.deals[k] = td;
    want[k] = exp;
    vul_of[k] = v;
    k++;
    n++;
    if (k == 20) {
      int filter[5] = {0, 0, 0, 0, 0};
      all.noOfTables = allbin.noOfTables = k;
      OK(CalcAllTablesPBN(&all, vul_of[0], filter, &res, &pars));
      CHECK(res.noOfBoards == 4 * 5 * k, "noOfBoards %d", res.noOfBoards);
      for (int m = 0; m < k; m++) {
        CHECK(memcmp(&res.results[m], &want[m], sizeof want[m]) == 0, "CalcAllTablesPBN %d", m);
        struct parResults one;
        OK(Par(&want[m], &one, vul_of[0]));
        CHECK(memcmp(&one, &pars.presults[m], sizeof one) == 0, "CalcAllTables par %d", m);
      }
      /* Clubs left out, no par: the other strains only. */
      int no_clubs[5] = {0, 0, 0, 1, 0};
      memset(&res, 0, sizeof res);
      OK(CalcAllTables(&allbin, -1, no_clubs, &res, NULL));
      CHECK(res.noOfBoards == 4 * 4 * k, "noOfBoards without clubs %d", res.noOfBoards);
      for (int m = 0; m < k; m++)
        for (int s = 0; s < 5; s++)
          for (int h = 0; h < 4; h++)
            CHECK(res.results[m].resTable[s][h] == (s == 3 ? 0 : want[m].resTable[s][h]), "filtered table");
      k = 0;
    }
  }
  fclose(f);
  int none[5] = {1, 1, 1, 1, 1};
  CHECK(CalcAllTables(&allbin, -1, none, &res, NULL) == RETURN_NO_SUIT, "every strain filtered");
  allbin.noOfTables = 41;
  int all5[5] = {0, 0, 0, 0, 0};
  CHECK(CalcAllTables(&allbin, -1, all5, &res, NULL) == RETURN_TOO_MANY_TABLES, "41 tables");
  printf("%s: %d tables, dealer par and %d of every sides call, CalcPar, CalcAllTables(PBN) with par and a filter: all agree\n",
         path, n, sides);
}

/* ---- played hands: AnalysePlay against SolveBoard after every card ---- */

static void check_plays(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  static char line[4096];
  static struct boards bb;
  static struct boardsPBN bp;
  static struct playTracesBin tb;
  static struct playTracesPBN tp;
  static struct solvedPlays sp;
  static struct solvedPlay one[12];
  int hands = 0, values = 0;
  while (hands < 12 && hands < limit && fgets(line, sizeof line, f)) {
    char pbn[80];
    if (!get_string(line, "pbn", pbn, sizeof pbn)) continue;
    struct deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = hands % 5;
    dl.first = hands % 4;
    holdings(pbn, dl.remainCards);
    struct playTraceBin play;
    memset(&play, 0, sizeof play);
    /* Play the hand out at random, checking each value DDS's way: declarer's side (not on
     * lead) tricks, won since the start plus what SolveBoard says of the rest. */
    unsigned int h[4][4];
    memcpy(h, dl.remainCards, sizeof h);
    int leader = dl.first, won_decl = 0;
    int trick_suit[4], trick_rank[4];
    int check_values[53];
    for (int c = 0; c < 52; c++) {
      int in_trick = c % 4, player = (leader + in_trick) % 4;
      /* The value before card c, from a fresh solve of the position. */
      struct deal pos;
      memset(&pos, 0, sizeof pos);
      pos.trump = dl.trump;
      pos.first = leader;
      memcpy(pos.remainCards, h, sizeof h);
      for (int k = 0; k < in_trick; k++) {
        pos.currentTrickSuit[k] = trick_suit[k];
        pos.currentTrickRank[k] = trick_rank[k];
      }
      struct futureTricks fut;
      OK(SolveBoard(pos, -1, 1, 1, &fut, 0));
      int left = 13 - c / 4;
      int mover_decl = (player % 2) != (dl.first % 2);
      check_values[c] = won_decl + (mover_decl ? fut.score[0] : left - fut.score[0]);
      int s, r;
      random_card(h[player], in_trick ? trick_suit[0] : -1, &s, &r);
      h[player][s] &= ~(1u << r);
      trick_suit[in_trick] = s;
      trick_rank[in_trick] = r;
      play.suit[c] = s;
      play.rank[c] = r;
      play.number = c + 1;
      if (in_trick == 3) {
        leader = (leader + trick_winner(trick_suit, trick_rank, dl.trump)) % 4;
        if ((leader % 2) != (dl.first % 2)) won_decl++;
      }
    }
    /* The first cards only, for every third hand. */
    if (hands % 3 == 1) play.number = 1 + (int)next_random(51);
    OK(AnalysePlayBin(dl, play, &one[hands], 0));
    int want_n = play.number >= 48 ? 49 : play.number + 1;
    CHECK(one[hands].number == want_n, "hand %d: %d values, want %d", hands, one[hands].number, want_n);
    for (int i = 0; i < one[hands].number; i++) {
      CHECK(one[hands].tricks[i] == check_values[i], "hand %d value %d: %d, want %d", hands, i,
            one[hands].tricks[i], check_values[i]);
      values++;
    }
    /* The PBN forms. */
    struct dealPBN dp;
    memset(&dp, 0, sizeof dp);
    dp.trump = dl.trump;
    dp.first = dl.first;
    snprintf(dp.remainCards, sizeof dp.remainCards, "%s", pbn);
    struct playTracePBN pp;
    memset(&pp, 0, sizeof pp);
    pp.number = play.number;
    for (int i = 0; i < play.number; i++) {
      pp.cards[2 * i] = SUITS[play.suit[i]];
      pp.cards[2 * i + 1] = RANKS[play.rank[i]];
    }
    struct solvedPlay viapbn;
    OK(AnalysePlayPBN(dp, pp, &viapbn, 0));
    CHECK(memcmp(&viapbn, &one[hands], sizeof viapbn) == 0, "hand %d: PBN", hands);
    bb.deals[hands] = dl;
    bp.deals[hands] = dp;
    tb.plays[hands] = play;
    tp.plays[hands] = pp;
    /* A card its player does not hold. */
    struct playTraceBin bad = play;
    bad.rank[0] = 0;
    struct solvedPlay x;
    CHECK(AnalysePlayBin(dl, bad, &x, 0) == RETURN_PLAY_FAULT, "a bad rank");
    hands++;
  }
  fclose(f);
  bb.noOfBoards = bp.noOfBoards = tb.noOfBoards = tp.noOfBoards = hands;
  OK(AnalyseAllPlaysBin(&bb, &tb, &sp, 1));
  for (int k = 0; k < hands; k++)
    CHECK(memcmp(&sp.solved[k], &one[k], sizeof one[k]) == 0, "AnalyseAllPlaysBin %d", k);
  memset(&sp, 0, sizeof sp);
  OK(AnalyseAllPlaysPBN(&bp, &tp, &sp, 1));
  for (int k = 0; k < hands; k++)
    CHECK(memcmp(&sp.solved[k], &one[k], sizeof one[k]) == 0, "AnalyseAllPlaysPBN %d", k);
  tb.noOfBoards = hands - 1;
  CHECK(AnalyseAllPlaysBin(&bb, &tb, &sp, 1) == RETURN_UNKNOWN_FAULT, "counts that differ");
  printf("played hands: %d hands played out at random, %d values against SolveBoard after every card, one at a time and in batches, both forms: all agree\n",
         hands, values);
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: check DATA_DIR [LINES] (DATA_DIR: tests/data/bridge; LINES: the most read from each file)\n");
    return 2;
  }
  if (argc == 3) limit = atoi(argv[2]);
  SetMaxThreads(0);
  OK(SetThreading(5));
  CHECK(SetThreading(2) == RETURN_THREAD_MISSING, "OpenMP is not here");
  SetResources(64, 2);
  struct DDSInfo info;
  GetDDSInfo(&info);
  printf("%s (%d thread%s)\n", info.versionString, info.noOfThreads, info.noOfThreads == 1 ? "" : "s");
  char msg[80];
  ErrorMessage(RETURN_DUPLICATE_CARDS, msg);
  CHECK(strcmp(msg, "Cards duplicated") == 0, "message: %s", msg);
  ErrorMessage(-12345, msg);
  CHECK(strcmp(msg, "General error") == 0, "message: %s", msg);

  char path[1024];
  snprintf(path, sizeof path, "%s/dev_deals.jsonl", argv[1]);
  check_leads(path, 20);
  snprintf(path, sizeof path, "%s/endings.jsonl", argv[1]);
  check_leads(path, 200);
  snprintf(path, sizeof path, "%s/dd_tables.jsonl", argv[1]);
  check_tables(path);
  snprintf(path, sizeof path, "%s/dev_deals.jsonl", argv[1]);
  check_plays(path);

  /* Bad input: codes, not crashes. */
  struct deal dl;
  memset(&dl, 0, sizeof dl);
  struct futureTricks fut;
  CHECK(SolveBoard(dl, -1, 1, 1, &fut, 0) == RETURN_ZERO_CARDS, "no cards");
  CHECK(SolveBoard(dl, -1, 1, 1, NULL, 0) == RETURN_UNKNOWN_FAULT, "a null pointer");
  CHECK(SolveBoard(dl, -1, 1, 1, &fut, 99) == RETURN_THREAD_INDEX, "thread 99");
  CHECK(SolveAllBoards(NULL, NULL) == RETURN_UNKNOWN_FAULT, "null batches");
  CHECK(DealerPar(NULL, NULL, 0, 0) == RETURN_PAR_TABLE_FAULT, "null par");
  FreeMemory();
  OK(SolveBoard((struct deal){.trump = 4, .first = 0, .remainCards = {{1u << 14}, {1u << 13}, {1u << 12}, {1u << 11}}},
                -1, 1, 1, &fut, 0));
  CHECK(fut.score[0] == 1, "after FreeMemory");

  if (failures) {
    fprintf(stderr, "%d differences\n", failures);
    return 1;
  }
  printf("every export of dds.h checked\n");
  return 0;
}
