/* The C check of cardtree's embedded interface (cardtree.h), on a Cortex-M4F under QEMU.
 *
 * It runs three of cardtree's self-check scenarios from C, through the interface only, and
 * prints each one's line exactly as the Rust self-check does (core/src/selfcheck/), from the
 * same inputs in the same table sizes: the digest is FNV-1a over the same values in the same
 * order, so the line equals the host's only if every card's value, every counter of the search
 * and of the table came through the interface unchanged. Then it checks that bad arguments
 * are refused with their codes, a position in mid-trick against the trick before it, and the
 * stack the library used. std-host/tests/qemu_capi.rs builds it, runs it and compares. */
#include <stddef.h>
#include <stdint.h>

#include "cardtree.h"
#include "runtime.h"

/* The table lines of the scenarios: 320 lines (20 KiB) for the endings, 8192 (512 KiB) for a
 * whole deal, as selfcheck's TABLE_LINES and DEAL_TABLE_LINES. */
#define ENDING_LINES 320
#define DEAL_LINES 8192
static uint8_t lines[DEAL_LINES * CT_LINE_BYTES] __attribute__((aligned(64)));
static ct_solver solver;

/* ---- output ---- */

static char out[160];
static size_t out_len;

static void put(const char *s) {
  while (*s && out_len + 1 < sizeof out) out[out_len++] = *s++;
}

static void put_u64(uint64_t x) {
  char digits[21];
  int n = 0;
  do {
    digits[n++] = (char)('0' + x % 10);
    x /= 10;
  } while (x);
  char s[22];
  for (int i = 0; i < n; i++) s[i] = digits[n - 1 - i];
  s[n] = 0;
  put(s);
}

static void put_hex16(uint64_t x) {
  char s[17];
  for (int i = 15; i >= 0; i--) {
    s[i] = "0123456789abcdef"[x & 15];
    x >>= 4;
  }
  s[16] = 0;
  put(s);
}

static void line_end(void) {
  put("\n");
  out[out_len] = 0;
  rt_print(out);
  out_len = 0;
}

/* ---- the self-check's digest: 64-bit FNV-1a, multi-byte values little-endian ---- */

typedef struct digest {
  uint64_t h;
} digest;

static digest digest_new(void) { return (digest){0xcbf29ce484222325ull}; }

static void d_u8(digest *d, uint8_t b) { d->h = (d->h ^ b) * 0x00000100000001b3ull; }

static void d_u32(digest *d, uint32_t x) {
  for (int i = 0; i < 4; i++) d_u8(d, (uint8_t)(x >> (8 * i)));
}

static void d_u64(digest *d, uint64_t x) {
  for (int i = 0; i < 8; i++) d_u8(d, (uint8_t)(x >> (8 * i)));
}

/* selfcheck's solution_digest. */
static void d_solution(digest *d, const ct_solution *s) {
  d_u64(d, s->count);
  for (int i = 0; i < s->count; i++) {
    d_u8(d, s->cards[i]);
    d_u8(d, s->tricks[i]);
  }
  d_u8(d, s->best);
  d_u64(d, s->nodes);
  d_u32(d, s->tests);
}

/* selfcheck's table_digest. */
static int d_table_stats(digest *d) {
  ct_table_stats t;
  int rc = ct_solver_stats(&solver, &t);
  if (rc != CT_OK) return rc;
  d_u64(d, t.lookups);
  d_u64(d, t.hits);
  d_u64(d, t.stores);
  d_u64(d, t.replaced);
  d_u64(d, t.harvests);
  d_u64(d, t.resets);
  d_u64(d, t.blocks_used);
  return CT_OK;
}

static int failures;

static void report(const char *name, int rc, const digest *d, uint64_t work) {
  put(name);
  if (rc != CT_OK) {
    put(" error: ");
    put(ct_error_message(rc));
    failures++;
  } else {
    put(" digest=");
    put_hex16(d->h);
    put(" work=");
    put_u64(work);
    put(" nodes");
  }
  line_end();
}

/* ---- the scenarios (selfcheck's ENDINGS and LEAD_DEAL) ---- */

enum { CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP };
enum { NORTH, EAST, SOUTH, WEST };

static const struct {
  const char *deal;
  uint8_t strain, leader;
} endings[6] = {
    {"W:5.6.96.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K", CLUBS, WEST},
    {"W:4.Q73.5.A 5.K4.83.3 ..62.QJ97 ..QJ4.T86", CLUBS, NORTH},
    {"W:952..J5.7 3.42.K.J4 A.85.9.A8 K8.J..Q96", SPADES, EAST},
    {"W:.A7.T9.86 .K6.7.Q52 K2..Q63.4 .T98.J82.", HEARTS, SOUTH},
    {"W:J.2.JT5.A K4.K8..93 A8.AQ63.. 5.T.72.K7", DIAMONDS, WEST},
    {"W:4.Q.86.93 T.K9..K54 K.43.95.Q .5.AKT.A2", NOTRUMP, NORTH},
};

static const char lead_deal[] =
    "W:KT.AT872.AK.8432 Q7643.964.T987.K 952.Q53.J63.Q765 AJ8.KJ.Q542.AJT9";

/* The six endings in one 20 KiB table. */
static void bridge_solve(void) {
  digest d = digest_new();
  uint64_t work = 0;
  int rc = ct_solver_init(&solver, lines, ENDING_LINES * CT_LINE_BYTES);
  for (int i = 0; i < 6 && rc == CT_OK; i++) {
    ct_position p = {endings[i].deal, endings[i].strain, endings[i].leader, 0, {0}};
    ct_solution s;
    rc = ct_solve(&solver, &p, &s);
    if (rc == CT_OK) {
      d_solution(&d, &s);
      work += s.nodes;
    }
  }
  if (rc == CT_OK) rc = d_table_stats(&d);
  report("bridge-solve", rc, &d, work);
}

/* West's opening lead of the lead deal at no trump, in the 512 KiB table. */
static void bridge_deal(void) {
  digest d = digest_new();
  uint64_t work = 0;
  int rc = ct_solver_init(&solver, lines, DEAL_LINES * CT_LINE_BYTES);
  ct_position p = {lead_deal, NOTRUMP, WEST, 0, {0}};
  ct_solution s;
  if (rc == CT_OK) rc = ct_solve(&solver, &p, &s);
  if (rc == CT_OK) {
    d_solution(&d, &s);
    d_u64(&d, s.tricks_searched);
    work = s.nodes;
    rc = d_table_stats(&d);
  }
  report("bridge-deal", rc, &d, work);
}

/* The lead deal's double-dummy table, in the 512 KiB table. */
static void bridge_table(void) {
  digest d = digest_new();
  uint64_t work = 0;
  int rc = ct_solver_init(&solver, lines, DEAL_LINES * CT_LINE_BYTES);
  ct_dd_table t;
  if (rc == CT_OK) rc = ct_table(&solver, lead_deal, &t);
  if (rc == CT_OK) {
    for (int strain = 0; strain < 5; strain++)
      for (int seat = 0; seat < 4; seat++) d_u8(&d, t.tricks[strain][seat]);
    d_u32(&d, t.tests);
    d_u64(&d, t.nodes);
    work = t.nodes;
    rc = d_table_stats(&d);
  }
  report("bridge-table", rc, &d, work);
}

/* ---- refusals and a position in mid-trick ---- */

static void expect(const char *what, int got, int want) {
  if (got != want) {
    put("refusal check failed: ");
    put(what);
    put(got < 0 ? " gave -" : " gave ");
    put_u64((uint64_t)(got < 0 ? -got : got));
    line_end();
    failures++;
  }
}

static int refusals(void) {
  ct_solution s;
  ct_dd_table t;
  ct_table_stats st;
  ct_solver blank = {{0}};
  ct_position ok = {endings[0].deal, CLUBS, WEST, 0, {0}};
  int checks = 0;
#define EXPECT(what, got, want) (expect(what, got, want), checks++)
  EXPECT("null solver", ct_solve(0, &ok, &s), CT_E_NULL);
  EXPECT("null position", ct_solve(&solver, 0, &s), CT_E_NULL);
  EXPECT("null answer", ct_solve(&solver, &ok, 0), CT_E_NULL);
  EXPECT("null stats", ct_solver_stats(&solver, 0), CT_E_NULL);
  EXPECT("null table deal", ct_table(&solver, 0, &t), CT_E_NULL);
  EXPECT("uninitialised solver", ct_solve(&blank, &ok, &s), CT_E_MEMORY);
  EXPECT("uninitialised stats", ct_solver_stats(&blank, &st), CT_E_MEMORY);
  EXPECT("misaligned lines", ct_solver_init(&blank, lines + 4, 4096), CT_E_MEMORY);
  EXPECT("null lines", ct_solver_init(&blank, 0, 4096), CT_E_NULL);
  ct_position p = ok;
  p.strain = 5;
  EXPECT("strain 5", ct_solve(&solver, &p, &s), CT_E_STRAIN);
  p = ok;
  p.leader = 4;
  EXPECT("seat 4", ct_solve(&solver, &p, &s), CT_E_SEAT);
  p = ok;
  p.trick_len = 4;
  EXPECT("trick of 4", ct_solve(&solver, &p, &s), CT_E_CARD);
  p = ok;
  p.trick_len = 1;
  p.trick[0] = 52;
  EXPECT("card 52", ct_solve(&solver, &p, &s), CT_E_CARD);
  p = ok;
  p.deal = "X:5.6.96.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K";
  EXPECT("seat X", ct_solve(&solver, &p, &s), CT_E_DEAL);
  char why[96];
  EXPECT("explain seat X", ct_explain_position(&p, why, sizeof why), CT_E_DEAL);
  put("refused as it should be: ");
  put(why);
  line_end();
  p = ok;
  p.trick_len = 1;
  p.trick[0] = 1; /* the three of clubs, held by no one: West led it, yet holds six cards */
  EXPECT("hand sizes", ct_solve(&solver, &p, &s), CT_E_POSITION);
  EXPECT("explain hand sizes", ct_explain_position(&p, why, sizeof why), CT_E_POSITION);
  put("refused as it should be: ");
  put(why);
  line_end();
  p.trick[0] = 0; /* the two of clubs, which West still holds */
  EXPECT("a card played and held", ct_solve(&solver, &p, &s), CT_E_POSITION);
  EXPECT("table of unequal hands",
         ct_table(&solver, "W:5.6.96.2 Q7.Q8.5.A .52.A.Q87 AT4.94..K", &t), CT_E_DEAL);
  EXPECT("explain a good deal", ct_explain_deal(lead_deal, why, sizeof why), CT_OK);
  EXPECT("a short buffer", ct_explain_position(&p, why, 8), CT_E_POSITION);
  if (why[7] != 0) {
    put("the explanation was not cut to its buffer");
    line_end();
    failures++;
  }
  return checks;
#undef EXPECT
}

/* Each card West can lead in the first ending, then North to play in mid-trick: North's side
 * takes what West's side leaves of the six tricks. */
static int mid_trick(void) {
  ct_solution lead;
  ct_position p = {endings[0].deal, CLUBS, WEST, 0, {0}};
  int rc = ct_solver_init(&solver, lines, ENDING_LINES * CT_LINE_BYTES);
  if (rc == CT_OK) rc = ct_solve(&solver, &p, &lead);
  if (rc != CT_OK) return rc;
  /* West's hand (the ending's first: "5.6.96.62"), each card removed in turn. */
  static const struct {
    uint8_t card;
    const char *deal;
  } played[6] = {
      {3 * 13 + 3, "W:.6.96.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* S5 */
      {2 * 13 + 4, "W:5..96.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* H6 */
      {1 * 13 + 7, "W:5.6.6.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* D9 */
      {1 * 13 + 4, "W:5.6.9.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* D6 */
      {0 * 13 + 4, "W:5.6.96.2 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* C6 */
      {0 * 13 + 0, "W:5.6.96.6 Q7.Q8.5.A .52.A.Q87 AT4.94..K"},  /* C2 */
  };
  int checked = 0;
  for (int i = 0; i < lead.count; i++) {
    for (int j = 0; j < 6; j++) {
      if (played[j].card != lead.cards[i]) continue;
      ct_position q = {played[j].deal, CLUBS, WEST, 1, {played[j].card}};
      ct_solution s;
      rc = ct_solve(&solver, &q, &s);
      if (rc != CT_OK) return rc;
      if (s.best != 6 - lead.tricks[i]) {
        put("mid-trick disagrees after card ");
        put_u64(lead.cards[i]);
        line_end();
        failures++;
      }
      checked++;
    }
  }
  return checked == lead.count ? checked : -100;
}

/* ---- the stack the library uses: paint below the stack pointer, find the lowest change ---- */

#define PAINT 0xC0DECAFEu
#define PAINT_BYTES (128 * 1024)

static uint32_t *paint_base(void) {
  uint32_t sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  return (uint32_t *)((sp - 256) & ~3u);
}

__attribute__((noinline)) static void paint(uint32_t *top) {
  for (uint32_t *p = top - PAINT_BYTES / 4; p < top; p++) *(volatile uint32_t *)p = PAINT;
}

__attribute__((noinline)) static uint32_t peak(uint32_t *top) {
  uint32_t *p = top - PAINT_BYTES / 4;
  while (p < top && *(volatile uint32_t *)p == PAINT) p++;
  return (uint32_t)((uintptr_t)top - (uintptr_t)p);
}

int main(void) {
  uint32_t *top = paint_base();
  paint(top);
  bridge_solve();
  bridge_deal();
  bridge_table();
  uint32_t stack = peak(top);
  int checks = refusals();
  int mid = mid_trick();
  if (mid < 0) {
    put("mid-trick check failed: ");
    put(ct_error_message(mid));
    line_end();
    failures++;
  }
  put("refusals checked: ");
  put_u64((uint64_t)checks);
  put(", mid-trick positions checked: ");
  put_u64((uint64_t)(mid < 0 ? 0 : mid));
  line_end();
  put("stack used by the scenarios: ");
  put_u64(stack);
  put(" bytes");
  line_end();
  put(failures ? "c check done: FAILED" : "c check done: ok");
  line_end();
  return failures != 0;
}
