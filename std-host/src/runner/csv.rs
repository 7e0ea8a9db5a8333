//! `raw.csv`: the rows of every item, with the item number first.

use crate::error::{Context, Error};
use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use super::Row;

/// Rows of a run in item order, with their columns (`item` excluded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    columns: Vec<String>,
    rows: Vec<(usize, Row)>,
}

impl Table {
    /// The table of `items` (in that order), each item's rows taken from `results`. Every item
    /// must be there and every row must have one field per column; fields may not hold a
    /// comma, quote or line break (the file is plain CSV without quoting).
    pub fn from_items(
        columns: Vec<String>,
        items: &[usize],
        results: &mut BTreeMap<usize, Vec<Row>>,
    ) -> Result<Table, Error> {
        let mut rows = Vec::new();
        for &item in items {
            let item_rows = results
                .remove(&item)
                .ok_or_else(|| invalid!("item {item} has no result"))?;
            for row in item_rows {
                check_row(&columns, &row).with_context(|| format!("item {item}"))?;
                rows.push((item, row));
            }
        }
        Ok(Table { columns, rows })
    }

    /// The columns, `item` excluded.
    #[must_use]
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// Every row with its item, in item order.
    #[must_use]
    pub fn rows(&self) -> &[(usize, Row)] {
        &self.rows
    }

    /// Every row read back as the experiment's record type, with its item, in item order;
    /// an error names the item and the field that does not parse.
    pub fn records<R: DeserializeOwned>(&self) -> Result<Vec<(usize, R)>, Error> {
        self.rows
            .iter()
            .map(|(item, row)| {
                super::record::from_row(&self.columns, row)
                    .map(|r| (*item, r))
                    .with_context(|| format!("raw.csv: item {item}"))
            })
            .collect()
    }

    /// The rows grouped by item.
    #[must_use]
    pub fn into_items(self) -> BTreeMap<usize, Vec<Row>> {
        let mut items: BTreeMap<usize, Vec<Row>> = BTreeMap::new();
        for (item, row) in self.rows {
            items.entry(item).or_default().push(row);
        }
        items
    }

    /// The CSV text: header `item,<columns>`, then one line per row.
    #[must_use]
    pub fn to_csv(&self) -> String {
        let mut out = String::from("item");
        for c in &self.columns {
            out.push(',');
            out.push_str(c);
        }
        out.push('\n');
        for (item, row) in &self.rows {
            out.push_str(&item.to_string());
            for f in row {
                out.push(',');
                out.push_str(f);
            }
            out.push('\n');
        }
        out
    }

    /// Reads what [`to_csv`](Table::to_csv) wrote.
    pub fn parse(text: &str) -> Result<Table, Error> {
        let mut lines = text.lines();
        let header = lines
            .next()
            .ok_or_else(|| Error::Invalid("empty file".into()))?;
        let mut names = header.split(',');
        if names.next() != Some("item") {
            return Err(Error::Invalid(
                "line 1: the first column is not \"item\"".into(),
            ));
        }
        let columns: Vec<String> = names.map(String::from).collect();
        let mut rows = Vec::new();
        for (n, line) in lines.enumerate() {
            let mut fields = line.split(',');
            let item = fields
                .next()
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| invalid!("line {}: no item number", n + 2))?;
            let row: Row = fields.map(String::from).collect();
            check_row(&columns, &row).with_context(|| format!("line {}", n + 2))?;
            rows.push((item, row));
        }
        Ok(Table { columns, rows })
    }
}

fn check_row(columns: &[String], row: &Row) -> Result<(), Error> {
    if row.len() != columns.len() {
        return Err(invalid!(
            "{} fields for {} columns",
            row.len(),
            columns.len()
        ));
    }
    if let Some(f) = row.iter().find(|f| f.contains([',', '"', '\n', '\r'])) {
        return Err(invalid!(
            "field {:?} holds a comma, quote or line break",
            crate::text::excerpt(f)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let mut results = BTreeMap::new();
        results.insert(1, vec![vec!["x".to_string(), "0.5".to_string()]]);
        results.insert(
            0,
            vec![
                vec!["y".to_string(), "1".to_string()],
                vec!["z".to_string(), "2".to_string()],
            ],
        );
        let t = Table::from_items(vec!["a".into(), "b".into()], &[0, 1], &mut results).unwrap();
        let text = t.to_csv();
        assert_eq!(text, "item,a,b\n0,y,1\n0,z,2\n1,x,0.5\n");
        assert_eq!(Table::parse(&text).unwrap(), t);
        assert!(Table::parse("item,a\n0,1,2\n").is_err());
        let mut missing = BTreeMap::new();
        assert!(Table::from_items(vec!["a".into()], &[0], &mut missing).is_err());
        let mut comma = BTreeMap::new();
        comma.insert(0, vec![vec!["1,2".to_string()]]);
        assert!(Table::from_items(vec!["a".into()], &[0], &mut comma).is_err());
    }
}
