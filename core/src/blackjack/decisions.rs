//! [`Decisions`]: a cache of the oracle's action values keyed by everything they depend on,
//! kept in a caller's slice of [`Decision`]s, so that the [`Optimal`](super::Optimal) player
//! computes each position once.
//!
//! The oracle's values at a decision depend on the rules (fixed per cache), the cards not yet
//! seen (the shoe), the active hand, the up card, whether the dealer peeked, how many hands
//! are in play (for a split's limit) and which actions are legal: that is the key, compared
//! whole, so a hit returns exactly what the oracle would compute. The table is direct-mapped:
//! a new position replaces the one in its slot, so it never fills up.

use super::{Action, ActionValues, Blackjack, Hand, Pip};

/// What the oracle's values at a decision depend on (the rules aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    shoe: [u16; 10],
    hand: Hand,
    up: Pip,
    peeked: bool,
    hands: u8,
    legal: u8,
}

/// One slot of a decision cache.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    key: Option<Key>,
    values: ActionValues,
}

impl Decision {
    /// An empty slot.
    pub const EMPTY: Decision = Decision {
        key: None,
        values: ActionValues {
            stand: 0.0,
            hit: None,
            double: None,
            split: None,
            surrender: None,
        },
    };
}

/// Slots for the positions of a long run of rounds from one shoe: 131,072 (about 14 MiB on a
/// 64-bit host). A run of six-deck rounds meets some 30,000 single-hand positions, and split
/// hands add more; a direct-mapped table needs room to keep them apart.
pub const DECISION_SLOTS: usize = 1 << 17;

/// A direct-mapped cache of action values over a caller's slots (see the module docs).
#[derive(Debug)]
pub(crate) struct Decisions<'m> {
    slots: &'m mut [Decision],
    hits: u64,
    misses: u64,
}

impl<'m> Decisions<'m> {
    pub(crate) fn new(slots: &'m mut [Decision]) -> Decisions<'m> {
        for s in slots.iter_mut() {
            *s = Decision::EMPTY;
        }
        Decisions {
            slots,
            hits: 0,
            misses: 0,
        }
    }

    /// (hits, misses) so far.
    pub(crate) const fn counts(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }

    /// The key of `game`'s decision, `None` if it is not at one.
    fn key(game: &Blackjack, legal: &[Action]) -> Option<Key> {
        let mut mask = 0u8;
        for &a in legal {
            mask |= 1 << (a as u8);
        }
        Some(Key {
            shoe: game.shoe().counts(),
            hand: *game.active_hand()?,
            up: game.up()?,
            peeked: game.peeked(),
            hands: game.hand_count(),
            legal: mask,
        })
    }

    fn index(&self, key: &Key) -> usize {
        // FNV-1a over the key's fields.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        for &c in &key.shoe {
            mix(u64::from(c));
        }
        let hand = &key.hand;
        mix(u64::from(hand.hard()));
        mix(u64::from(hand.is_soft()));
        mix(u64::from(hand.len()));
        mix(hand.first().map_or(0, |p| u64::from(p.value())));
        mix(hand.pair().map_or(0, |p| u64::from(p.value())));
        mix(u64::from(hand.bet) | u64::from(hand.from_split) << 8);
        mix(u64::from(key.up.value()));
        mix(u64::from(key.peeked));
        mix(u64::from(key.hands));
        mix(u64::from(key.legal));
        let n = self.slots.len().max(1);
        (h % n as u64) as usize
    }

    /// The values of `game`'s decision from the cache, or from `compute` (then kept).
    pub(crate) fn get_or<E>(
        &mut self,
        game: &Blackjack,
        legal: &[Action],
        compute: impl FnOnce() -> Result<ActionValues, E>,
    ) -> Result<ActionValues, E> {
        let Some(key) = Decisions::key(game, legal) else {
            return compute();
        };
        let i = self.index(&key);
        if let Some(s) = self.slots.get(i)
            && s.key == Some(key)
        {
            self.hits += 1;
            return Ok(s.values);
        }
        self.misses += 1;
        let values = compute()?;
        if let Some(s) = self.slots.get_mut(i) {
            *s = Decision {
                key: Some(key),
                values,
            };
        }
        Ok(values)
    }
}
