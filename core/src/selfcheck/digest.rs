//! [`Digest`]: the 64-bit fingerprint of everything a self-check scenario computed.

/// FNV-1a, 64-bit (Fowler, Noll & Vo; the parameters of the IETF draft
/// `draft-eastlake-fnv`, section 2): `h = (h ^ byte) * PRIME` for every byte, from `OFFSET`.
///
/// Not a cryptographic hash: a cheap, exactly specified one that any language can repeat, so a
/// mismatch between two machines shows that some bit of some value differed. Multi-byte values
/// are fed little-endian; floats as their IEEE 754 bit patterns, so `-0.0`, `0.0` and every NaN
/// payload are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Digest(u64);

impl Digest {
    /// FNV-1a's 64-bit offset basis.
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    /// FNV-1a's 64-bit prime, `2^40 + 2^8 + 0xb3`.
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The digest of nothing.
    #[must_use]
    pub const fn new() -> Digest {
        Digest(Digest::OFFSET)
    }

    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(Digest::PRIME);
        }
    }

    /// Feeds a byte.
    pub fn u8(&mut self, x: u8) {
        self.bytes(&[x]);
    }

    /// Feeds a `u32`, little-endian.
    pub fn u32(&mut self, x: u32) {
        self.bytes(&x.to_le_bytes());
    }

    /// Feeds a `u64`, little-endian.
    pub fn u64(&mut self, x: u64) {
        self.bytes(&x.to_le_bytes());
    }

    /// Feeds a `usize` as a `u64`, so 32- and 64-bit machines agree.
    pub fn usize(&mut self, x: usize) {
        self.u64(x as u64);
    }

    /// Feeds an `f32`'s bit pattern.
    pub fn f32(&mut self, x: f32) {
        self.u32(x.to_bits());
    }

    /// Feeds an `f64`'s bit pattern.
    pub fn f64(&mut self, x: f64) {
        self.u64(x.to_bits());
    }

    /// The digest so far.
    #[must_use]
    pub const fn value(&self) -> u64 {
        self.0
    }
}

impl Default for Digest {
    fn default() -> Self {
        Digest::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Digest;

    #[test]
    fn fnv1a_reference_values() {
        // The FNV-1a 64 test vectors of draft-eastlake-fnv (section 7): "", "a", "foobar".
        assert_eq!(Digest::new().value(), 0xcbf2_9ce4_8422_2325);
        let mut d = Digest::new();
        d.bytes(b"a");
        assert_eq!(d.value(), 0xaf63_dc4c_8601_ec8c);
        let mut d = Digest::new();
        d.bytes(b"foobar");
        assert_eq!(d.value(), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn floats_by_bits() {
        let (mut a, mut b) = (Digest::new(), Digest::new());
        a.f64(0.0);
        b.f64(-0.0);
        assert_ne!(a, b);
        let mut c = Digest::new();
        c.u64(0);
        assert_eq!(a, c);
    }
}
