/*
 * Random legal play for the C programs that drive cardtree's libdds (capi/tests/c/check.c and
 * benches/pgo/train_libdds.c): a seeded generator, a random legal card and the winner of a
 * trick, in DDS's encodings (suits 0..3 spades to clubs, trump 4 no trump, ranks 2..14, a
 * holding's bit r for rank r).
 */
#ifndef CARDTREE_RANDOM_PLAY_H
#define CARDTREE_RANDOM_PLAY_H

/* xorshift64: never zero (a zero state would stay zero). */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;

static inline void seed_random(unsigned long long seed) {
  rng_state = 0x9E3779B97F4A7C15ull ^ seed;
  if (rng_state == 0) rng_state = 1;
}

/* A number in 0..n-1 (n at least 1). */
static inline unsigned int next_random(unsigned int n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned int)(rng_state % n);
}

/* A random legal card of the holdings `h` when `led` (or -1 for a lead) was led: its suit and
 * rank. `h` must hold a card. */
static inline void random_card(const unsigned int h[4], int led, int *suit, int *rank) {
  int n = 0, cs[13], cr[13];
  for (int s = 0; s < 4; s++) {
    if (led >= 0 && h[led] && s != led) continue;
    for (int r = 2; r <= 14; r++)
      if (h[s] & (1u << r)) {
        cs[n] = s;
        cr[n] = r;
        n++;
      }
  }
  int i = (int)next_random((unsigned int)n);
  *suit = cs[i];
  *rank = cr[i];
}

/* The place in the trick (0..3, 0 the lead) of the card that wins it. */
static inline int trick_winner(const int suit[4], const int rank[4], int trump) {
  int win = 0;
  for (int k = 1; k < 4; k++) {
    int beats = suit[k] == suit[win] ? rank[k] > rank[win] : suit[k] == trump;
    if (beats) win = k;
  }
  return win;
}

#endif
