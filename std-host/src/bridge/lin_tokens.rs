//! LIN's tokens: `key|value|` pairs, and the LIN text inside a hand viewer's address.

use crate::bridge::played::BoardError;

/// One `key|value|` pair, its key in lower case.
#[derive(Clone, Debug)]
pub(crate) struct Pair<'a> {
    pub(crate) key: String,
    pub(crate) value: &'a str,
}

impl Pair<'_> {
    /// The pair as written, for messages (long values cut).
    pub(crate) fn token(&self) -> String {
        let v: String = self.value.chars().take(60).collect();
        let more = if v.len() < self.value.len() {
            "..."
        } else {
            ""
        };
        format!("{}|{v}{more}|", self.key)
    }
}

/// Splits `text` into its pairs; an error names the text where a pair breaks off.
pub(crate) fn pairs(text: &str) -> Result<Vec<Pair<'_>>, BoardError> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(out);
        }
        let broken = |at: &str| BoardError {
            board: format!("board {}", out_boards(&out) + 1),
            token: at.chars().take(40).collect(),
            message: "not a LIN pair `key|value|`".into(),
        };
        let Some(bar) = rest.find('|') else {
            return Err(broken(rest));
        };
        let key = rest[..bar].trim();
        if key.is_empty() || key.len() > 3 || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(broken(rest));
        }
        let after = &rest[bar + 1..];
        let (value, next) = match after.find('|') {
            Some(end) => (&after[..end], &after[end + 1..]),
            // The last value of a file sometimes lacks its closing bar.
            None => (after.trim_end(), ""),
        };
        out.push(Pair {
            key: key.to_ascii_lowercase(),
            value,
        });
        rest = next;
    }
}

/// How many boards the pairs so far hold (for a message before the boards are split).
fn out_boards(pairs: &[Pair<'_>]) -> usize {
    pairs.iter().filter(|p| p.key == "md").count()
}

/// The LIN text of a hand viewer's address (`lin=` percent-decoded, `+` a space), or `text`
/// itself.
pub fn unwrap_address(text: &str) -> String {
    let t = text.trim();
    let Some(at) = t.find("lin=") else {
        return text.to_owned();
    };
    if t[..at].contains('|') {
        // `lin=` inside a record (a player's name, commentary), not an address.
        return text.to_owned();
    }
    let value = &t[at + 4..];
    let value = value.split('&').next().unwrap_or_default();
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
