//! The rows of `cardtree experiment leads` as the command line gives them: UCT rows
//! (`layouts x playouts : c : p`), ISMCTS rows and the solver's numbers of layouts.

use crate::error::Error;

/// A PIMC-with-UCT row: `layouts` layouts, `playouts` playouts of McKay's UCT on each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctRow {
    /// Layouts.
    pub layouts: u32,
    /// Playouts per layout.
    pub playouts: u32,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
}

/// An ISMCTS row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsRow {
    /// Iterations.
    pub iterations: u32,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
}

/// Reads UCT rows: `LAYOUTSxPLAYOUTS:c:p`, comma-separated, e.g. `300x1000:16:1,100x3000:16:8`.
pub fn parse_uct_rows(s: &str) -> Result<Vec<UctRow>, Error> {
    list(s, |t| {
        let parts: Vec<&str> = t.split(':').collect();
        let [size, c, p] = parts.as_slice() else {
            return Err(invalid!("{t:?} is not LAYOUTSxPLAYOUTS:c:p"));
        };
        let (l, n) = size
            .split_once(['x', 'X'])
            .ok_or_else(|| invalid!("{size:?} is not LAYOUTSxPLAYOUTS"))?;
        Ok(UctRow {
            layouts: positive(l)?,
            playouts: positive(n)?,
            c: number(c)?,
            p: number(p)?,
        })
    })
}

/// Reads ISMCTS rows: `ITERATIONS:c:p`, comma-separated.
pub fn parse_ismcts_rows(s: &str) -> Result<Vec<IsmctsRow>, Error> {
    list(s, |t| {
        let parts: Vec<&str> = t.split(':').collect();
        let [n, c, p] = parts.as_slice() else {
            return Err(invalid!("{t:?} is not ITERATIONS:c:p"));
        };
        Ok(IsmctsRow {
            iterations: positive(n)?,
            c: number(c)?,
            p: number(p)?,
        })
    })
}

/// Reads numbers of layouts: `10,30,100,300`.
pub fn parse_layouts(s: &str) -> Result<Vec<u32>, Error> {
    let mut v = list(s, positive)?;
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

fn list<T>(s: &str, item: impl Fn(&str) -> Result<T, Error>) -> Result<Vec<T>, Error> {
    let s = s.trim();
    if s.is_empty() || s == "none" {
        return Ok(Vec::new());
    }
    s.split(',').map(|t| item(t.trim())).collect()
}

/// A number of layouts, playouts or iterations: at least 1, at most
/// [`crate::limits::MOST_ITERATIONS`].
fn positive(t: &str) -> Result<u32, Error> {
    crate::limits::playouts(t).map_err(|e| invalid!("{t:?}: {e}"))
}

fn number(t: &str) -> Result<f64, Error> {
    t.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| invalid!("{t:?} is not a positive number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_parse() {
        assert_eq!(
            parse_uct_rows("300x1000:16:1, 100X3000:4:8").unwrap(),
            vec![
                UctRow {
                    layouts: 300,
                    playouts: 1000,
                    c: 16.0,
                    p: 1.0
                },
                UctRow {
                    layouts: 100,
                    playouts: 3000,
                    c: 4.0,
                    p: 8.0
                }
            ]
        );
        assert!(parse_uct_rows("300:16:1").is_err());
        assert!(parse_uct_rows("0x10:1:1").is_err());
        assert_eq!(parse_ismcts_rows("none").unwrap(), vec![]);
        assert_eq!(parse_layouts("300,10,30,10").unwrap(), vec![10, 30, 300]);
        assert!(parse_layouts("10,-3").is_err());
    }
}
