//! The (c, p) grid of the command line: lists and ranges of exploration constants and powers.

use crate::error::Error;
use cardtree::Power;

/// Exploration constants given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Constants(pub Vec<f64>);

/// Powers given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Powers(pub Vec<u32>);

/// Reads constants: `0.5,2,8`; `0.125..128` (doubling); `0.125,0.25,...,128` (the ratio of the
/// first two, continued). Every constant must be positive and finite.
pub fn parse_constants(s: &str) -> Result<Constants, Error> {
    let num = |t: &str| -> Result<f64, Error> {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite() && *c > 0.0)
            .ok_or_else(|| invalid!("{t:?} is not a positive constant"))
    };
    let (first, ratio, last) = match parse_list(s, "constants", num)? {
        ListSpec::Items(items) => return Ok(Constants(items)),
        ListSpec::Range { first, last } => (first, 2.0, last),
        ListSpec::Continued {
            first,
            second,
            last,
        } => (first, second / first, last),
    };
    let mut out = vec![first];
    while out.len() < 64 {
        let next = out[out.len() - 1] * ratio;
        if next > last * (1.0 + 1e-9) {
            break;
        }
        out.push(next);
    }
    Ok(Constants(out))
}

/// Reads powers (integers from 1): `1,5,15`; `1..15`; `1,2,...,15` (the step of the first
/// two, continued).
pub fn parse_powers(s: &str) -> Result<Powers, Error> {
    let num = |t: &str| -> Result<u32, Error> {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|&p| (1..=Power::MAX_INTEGER).contains(&p))
            .ok_or_else(|| invalid!("{t:?} is not a power in 1..={}", Power::MAX_INTEGER))
    };
    let (first, step, last) = match parse_list(s, "powers", num)? {
        ListSpec::Items(items) => return Ok(Powers(items)),
        ListSpec::Range { first, last } => (first, 1, last),
        ListSpec::Continued {
            first,
            second,
            last,
        } => (first, second - first, last),
    };
    Ok(Powers((first..=last).step_by(step as usize).collect()))
}

/// A list of numbers as written on the command line.
#[derive(Clone, Debug, PartialEq)]
enum ListSpec<T> {
    /// `a,b,c`.
    Items(Vec<T>),
    /// `first..last`, `first <= last`.
    Range { first: T, last: T },
    /// `first,second,...,last`, `first < second`, `first <= last`.
    Continued { first: T, second: T, last: T },
}

/// Reads `a,b,c`, `a..b` or `a,b,...,c`, each number by `num`; `what` names the list in errors.
fn parse_list<T: Copy + PartialOrd>(
    s: &str,
    what: &str,
    num: impl Fn(&str) -> Result<T, Error>,
) -> Result<ListSpec<T>, Error> {
    let spec = if let Some((a, b)) = s.split_once("..").filter(|_| !s.contains("...")) {
        ListSpec::Range {
            first: num(a)?,
            last: num(b)?,
        }
    } else if let Some((head, last)) = s.split_once(",...,") {
        let mut head = head.split(',');
        let first = num(head.next().unwrap_or_default())?;
        let second = num(head
            .next()
            .ok_or_else(|| invalid!("\"...\" needs the first two {what} before it"))?)?;
        if head.next().is_some() || second <= first {
            return Err(invalid!("{s:?}: give two increasing {what} before \"...\""));
        }
        ListSpec::Continued {
            first,
            second,
            last: num(last)?,
        }
    } else {
        return s
            .split(',')
            .map(num)
            .collect::<Result<_, _>>()
            .map(ListSpec::Items);
    };
    match spec {
        ListSpec::Range { first, last } | ListSpec::Continued { first, last, .. }
            if last < first =>
        {
            Err(invalid!("{s:?}: the range ends below its start"))
        }
        spec => Ok(spec),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::mckay::{PAPER_CONSTANTS, PAPER_POWERS};

    #[test]
    fn grids_parse() {
        let paper = Constants(PAPER_CONSTANTS.to_vec());
        assert_eq!(parse_constants("0.125..128").unwrap(), paper);
        assert_eq!(parse_constants("0.125,0.25,...,128").unwrap(), paper);
        assert_eq!(parse_constants("0.5,2").unwrap().0, [0.5, 2.0]);
        assert_eq!(parse_powers("1..15").unwrap().0, PAPER_POWERS);
        assert_eq!(parse_powers("1,2,...,15").unwrap().0, PAPER_POWERS);
        assert_eq!(parse_powers("1,3,...,9").unwrap().0, [1, 3, 5, 7, 9]);
        for bad in ["", "0", "-1", "x", "4..1", "2,1,...,8", "nan"] {
            assert!(parse_constants(bad).is_err(), "{bad}");
        }
        for bad in ["0", "1.5", "9..2", "1,...,5", "100000"] {
            assert!(parse_powers(bad).is_err(), "{bad}");
        }
    }
}
