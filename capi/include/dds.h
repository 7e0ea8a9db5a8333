/*
 * cardtree's libdds: DDS's C interface (the legacy interface of DDS 3.x, `dll.h`) over
 * cardtree's double-dummy solver. A program written for DDS compiles against this header,
 * or against DDS's own, and links to this library unchanged: the functions, structures,
 * constants and return codes are DDS's; the solver is cardtree's.
 *
 * Encodings (DDS's):
 *   strain 0..4 = spades, hearts, diamonds, clubs, no trump; hand 0..3 = N, E, S, W;
 *   a holding is a bit mask with rank r (2..14) at bit r (ace 0x4000, two 0x0004);
 *   a rank in a trick or a play trace is the plain rank 2..14;
 *   vulnerability in the par calls: 0 none, 1 both, 2 NS, 3 EW.
 *
 * Every function checks its input: a null pointer, a count past a limit, a bad holding, rank,
 * strain or hand, duplicate or missing cards, a played card its hand does not hold, a thread
 * index out of range are each a negative return code (ErrorMessage names it), never a crash.
 * Only the first `noOfBoards` / `noOfTables` entries of an array are read or written, so a
 * caller may pass arrays shorter than declared here.
 *
 * Licence: MIT OR Apache-2.0 (cardtree). This header is cardtree's own.
 */
#ifndef CARDTREE_DDS_H
#define CARDTREE_DDS_H

#ifdef __cplusplus
extern "C" {
#endif

#include <stdbool.h>

#if defined(_WIN32) && !defined(__clang__)
#define DDS_STDCALL __stdcall
#else
#define DDS_STDCALL
#endif

/* The version of DDS whose interface this is. */
#define DDS_VERSION 30100

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5

#define MAXNOOFBOARDS 200
#define MAXNOOFTABLES 40

/* Return codes. */
#define RETURN_NO_FAULT 1
#define RETURN_UNKNOWN_FAULT -1
#define RETURN_ZERO_CARDS -2
#define RETURN_TARGET_TOO_HIGH -3
#define RETURN_DUPLICATE_CARDS -4
#define RETURN_TARGET_WRONG_LO -5
#define RETURN_TARGET_WRONG_HI -7
#define RETURN_SOLNS_WRONG_LO -8
#define RETURN_SOLNS_WRONG_HI -9
#define RETURN_TOO_MANY_CARDS -10
#define RETURN_SUIT_OR_RANK -12
#define RETURN_PLAYED_CARD -13
#define RETURN_CARD_COUNT -14
#define RETURN_THREAD_INDEX -15
#define RETURN_MODE_WRONG_LO -16
#define RETURN_MODE_WRONG_HI -17
#define RETURN_TRUMP_WRONG -18
#define RETURN_FIRST_WRONG -19
#define RETURN_PLAY_FAULT -98
#define RETURN_PBN_FAULT -99
#define RETURN_TOO_MANY_BOARDS -101
#define RETURN_THREAD_CREATE -102
#define RETURN_THREAD_WAIT -103
#define RETURN_THREAD_MISSING -104
#define RETURN_NO_SUIT -201
#define RETURN_TOO_MANY_TABLES -202
#define RETURN_CHUNK_SIZE -301
#define RETURN_PAR_TABLE_FAULT -401

/* The answer of a solve: `cards` groups of equal cards, each by its top card (suit, rank),
 * the other cards of the group as a holding (equals) and its score (the tricks of the side to
 * play; -1 and -2 as DDS's SolveBoard documents). nodes: the solver's work. */
struct futureTricks {
  int nodes;
  int cards;
  int suit[13];
  int rank[13];
  int equals[13];
  int score[13];
};

/* A position: trump (strain), first (the leader of the trick under way), the cards already
 * played to it, and each hand's cards left. */
struct deal {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  unsigned int remainCards[DDS_HANDS][DDS_SUITS];
};

/* The same, the cards left as a PBN deal ("N:AKQ.T98.765.432 ..."). */
struct dealPBN {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  char remainCards[80];
};

struct boards {
  int noOfBoards;
  struct deal deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct boardsPBN {
  int noOfBoards;
  struct dealPBN deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct solvedBoards {
  int noOfBoards;
  struct futureTricks solvedBoard[MAXNOOFBOARDS];
};

struct ddTableDeal {
  unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDeals {
  int noOfTables;
  struct ddTableDeal deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableDealPBN {
  char cards[80];
};

struct ddTableDealsPBN {
  int noOfTables;
  struct ddTableDealPBN deals[MAXNOOFTABLES * DDS_STRAINS];
};

/* resTable[strain][hand]: the tricks `hand` takes as declarer in `strain`. */
struct ddTableResults {
  int resTable[DDS_STRAINS][DDS_HANDS];
};

struct ddTablesRes {
  int noOfBoards;
  struct ddTableResults results[MAXNOOFTABLES * DDS_STRAINS];
};

/* Par as text: index 0 with North-South bidding first, 1 with East-West first. */
struct parResults {
  char parScore[2][16];
  char parContractsString[2][128];
};

struct allParResults {
  struct parResults presults[MAXNOOFTABLES];
};

struct parResultsDealer {
  int number;
  int score;
  char contracts[10][10];
};

/* denom: 0 no trump, 1 spades, 2 hearts, 3 diamonds, 4 clubs; seats: 0..3 a hand, 4 NS,
 * 5 EW. */
struct contractType {
  int underTricks;
  int overTricks;
  int level;
  int denom;
  int seats;
};

struct parResultsMaster {
  int score;
  int number;
  struct contractType contracts[10];
};

struct parTextResults {
  char parText[2][128];
  bool equal;
};

struct playTraceBin {
  int number;
  int suit[52];
  int rank[52];
};

struct playTracePBN {
  int number;
  char cards[106];
};

/* tricks[i]: declarer's side's tricks (the side not on lead) before card i, counting those it
 * won since the start; `number` values. */
struct solvedPlay {
  int number;
  int tricks[53];
};

struct playTracesBin {
  int noOfBoards;
  struct playTraceBin plays[MAXNOOFBOARDS];
};

struct playTracesPBN {
  int noOfBoards;
  struct playTracePBN plays[MAXNOOFBOARDS];
};

struct solvedPlays {
  int noOfBoards;
  struct solvedPlay solved[MAXNOOFBOARDS];
};

struct DDSInfo {
  int major, minor, patch;
  char versionString[10];
  int system;
  int numBits;
  int compiler;
  int constructor;
  int numCores;
  int threading;
  int noOfThreads;
  char threadSizes[128];
  char systemString[1024];
};

/* Threads and memory. */
void DDS_STDCALL SetMaxThreads(int userThreads);
int DDS_STDCALL SetThreading(int code);
void DDS_STDCALL SetResources(int maxMemoryMB, int maxThreads);
void DDS_STDCALL FreeMemory(void);

/* One position. */
int DDS_STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                           struct futureTricks *futp, int threadIndex);
int DDS_STDCALL SolveBoardPBN(struct dealPBN dlpbn, int target, int solutions, int mode,
                              struct futureTricks *futp, int thrId);

/* Double-dummy tables. */
int DDS_STDCALL CalcDDtable(struct ddTableDeal tableDeal, struct ddTableResults *tablep);
int DDS_STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN,
                               struct ddTableResults *tablep);
int DDS_STDCALL CalcAllTables(struct ddTableDeals *dealsp, int mode, int trumpFilter[5],
                              struct ddTablesRes *resp, struct allParResults *presp);
int DDS_STDCALL CalcAllTablesPBN(struct ddTableDealsPBN *dealsp, int mode, int trumpFilter[5],
                                 struct ddTablesRes *resp, struct allParResults *presp);

/* Batches of positions, on every configured thread. */
int DDS_STDCALL SolveAllBoards(struct boardsPBN *bop, struct solvedBoards *solvedp);
int DDS_STDCALL SolveAllBoardsBin(struct boards *bop, struct solvedBoards *solvedp);
int DDS_STDCALL SolveAllChunks(struct boardsPBN *bop, struct solvedBoards *solvedp,
                               int chunkSize);
int DDS_STDCALL SolveAllChunksBin(struct boards *bop, struct solvedBoards *solvedp,
                                  int chunkSize);
int DDS_STDCALL SolveAllChunksPBN(struct boardsPBN *bop, struct solvedBoards *solvedp,
                                  int chunkSize);

/* Par. */
int DDS_STDCALL Par(struct ddTableResults *tablep, struct parResults *presp, int vulnerable);
int DDS_STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable,
                        struct ddTableResults *tablep, struct parResults *presp);
int DDS_STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep,
                           int vulnerable, struct parResults *presp);
int DDS_STDCALL SidesPar(struct ddTableResults *tablep, struct parResultsDealer sidesRes[2],
                         int vulnerable);
int DDS_STDCALL DealerPar(struct ddTableResults *tablep, struct parResultsDealer *presp,
                          int dealer, int vulnerable);
int DDS_STDCALL DealerParBin(struct ddTableResults *tablep, struct parResultsMaster *presp,
                             int dealer, int vulnerable);
int DDS_STDCALL SidesParBin(struct ddTableResults *tablep, struct parResultsMaster sidesRes[2],
                            int vulnerable);
int DDS_STDCALL ConvertToDealerTextFormat(struct parResultsMaster *pres, char *resp);
int DDS_STDCALL ConvertToSidesTextFormat(struct parResultsMaster *pres,
                                         struct parTextResults *resp);

/* A hand as played: the double-dummy value before every card. */
int DDS_STDCALL AnalysePlayBin(struct deal dl, struct playTraceBin play,
                               struct solvedPlay *solved, int thrId);
int DDS_STDCALL AnalysePlayPBN(struct dealPBN dlPBN, struct playTracePBN playPBN,
                               struct solvedPlay *solvedp, int thrId);
int DDS_STDCALL AnalyseAllPlaysBin(struct boards *bop, struct playTracesBin *plp,
                                   struct solvedPlays *solvedp, int chunkSize);
int DDS_STDCALL AnalyseAllPlaysPBN(struct boardsPBN *bopPBN, struct playTracesPBN *plpPBN,
                                   struct solvedPlays *solvedp, int chunkSize);

/* About the library. */
void DDS_STDCALL GetDDSInfo(struct DDSInfo *info);
void DDS_STDCALL ErrorMessage(int code, char line[80]);

#ifdef __cplusplus
}
#endif

#endif /* CARDTREE_DDS_H */
