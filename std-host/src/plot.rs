//! Plots as standalone SVG files any browser opens: heatmaps of a grid and line plots.
//!
//! Output is text built deterministically from the data (fixed number formats, no
//! timestamps), so the same data give the same bytes.

use std::fmt::Write as _;

/// A grid of numbers drawn as coloured cells with their values printed in them.
#[derive(Clone, Debug, PartialEq)]
pub struct Heatmap {
    /// The title above the grid.
    pub title: String,
    /// The row axis' name and each row's label.
    pub row_name: String,
    /// Row labels, top to bottom.
    pub rows: Vec<String>,
    /// The column axis' name.
    pub column_name: String,
    /// Column labels, left to right.
    pub columns: Vec<String>,
    /// `values[row][column]`; `None` leaves a cell grey.
    pub values: Vec<Vec<Option<f64>>>,
    /// Decimals printed in each cell.
    pub decimals: usize,
}

/// Several heatmaps side by side on one shared colour scale (low green, middle yellow, high
/// red, as in McKay's Figure 3), with a legend.
#[must_use]
pub fn heatmaps(maps: &[Heatmap]) -> String {
    const CELL_W: f64 = 46.0;
    const CELL_H: f64 = 24.0;
    const LEFT: f64 = 70.0;
    const TOP: f64 = 56.0;
    const GAP: f64 = 40.0;
    let finite = maps
        .iter()
        .flat_map(|m| m.values.iter().flatten().flatten().copied())
        .filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let panel_w = |m: &Heatmap| LEFT + CELL_W * m.columns.len() as f64;
    let width = maps.iter().map(|m| panel_w(m) + GAP).sum::<f64>() + 20.0;
    let rows = maps.iter().map(|m| m.rows.len()).max().unwrap_or(0);
    let height = TOP + CELL_H * rows as f64 + 80.0;
    let mut svg = header(width, height);
    let mut x0 = 10.0;
    for m in maps {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="20" font-size="14" font-weight="bold">{}</text>"#,
            x0,
            escape(&m.title)
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="40" font-size="11">{} →</text>"#,
            x0 + LEFT,
            escape(&m.column_name)
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{} ↓</text>"#,
            x0 + LEFT - 6.0,
            TOP - 4.0,
            escape(&m.row_name)
        );
        for (j, c) in m.columns.iter().enumerate() {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
                x0 + LEFT + CELL_W * (j as f64 + 0.5),
                TOP - 4.0,
                escape(c)
            );
        }
        for (i, r) in m.rows.iter().enumerate() {
            let y = TOP + CELL_H * i as f64;
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
                x0 + LEFT - 6.0,
                y + CELL_H * 0.65,
                escape(r)
            );
            for j in 0..m.columns.len() {
                let v = m
                    .values
                    .get(i)
                    .and_then(|row| row.get(j))
                    .copied()
                    .flatten();
                let x = x0 + LEFT + CELL_W * j as f64;
                let fill = v.map_or_else(|| "#dddddd".to_string(), |v| colour(v, lo, hi));
                let _ = writeln!(
                    svg,
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{CELL_W}" height="{CELL_H}" fill="{fill}" stroke="white"/>"#
                );
                if let Some(v) = v {
                    let _ = writeln!(
                        svg,
                        r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle">{:.*}</text>"#,
                        x + CELL_W / 2.0,
                        y + CELL_H * 0.65,
                        m.decimals,
                        v
                    );
                }
            }
        }
        x0 += panel_w(m) + GAP;
    }
    // Legend: the shared scale.
    if lo.is_finite() {
        let y = TOP + CELL_H * rows as f64 + 24.0;
        for k in 0..=20 {
            let v = lo + (hi - lo) * f64::from(k) / 20.0;
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{y:.1}" width="12" height="14" fill="{}"/>"#,
                80.0 + 12.0 * f64::from(k),
                colour(v, lo, hi)
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="10" y="{:.1}" font-size="11">scale</text><text x="80" y="{:.1}" font-size="10">{lo:.3}</text><text x="332" y="{:.1}" font-size="10" text-anchor="end">{hi:.3}</text>"#,
            y + 11.0,
            y + 28.0,
            y + 28.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One line of a [`line_plot`].
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// `(x, y)` points in x order.
    pub points: Vec<(f64, f64)>,
}

/// Axes of a [`line_plot`].
#[derive(Clone, Debug, PartialEq)]
pub struct Axes {
    /// Title above the plot.
    pub title: String,
    /// The x axis' label.
    pub x_label: String,
    /// The y axis' label.
    pub y_label: String,
    /// Whether x is drawn on a log-2 scale (every x must then be positive).
    pub log_x: bool,
}

/// Lines through points, with axes, ticks at the data's x values and a legend.
#[must_use]
pub fn line_plot(axes: &Axes, series: &[Series]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 400.0;
    const L: f64 = 70.0;
    const R: f64 = 170.0;
    const T: f64 = 40.0;
    const B: f64 = 50.0;
    const COLOURS: [&str; 8] = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    ];
    let fx = |x: f64| if axes.log_x { x.log2() } else { x };
    let pts = || {
        series
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .filter(|(x, y)| fx(*x).is_finite() && y.is_finite())
    };
    let (x_lo, x_hi) = pts().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), (x, _)| {
        (a.min(fx(x)), b.max(fx(x)))
    });
    let (mut y_lo, mut y_hi) = pts().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), (_, y)| {
        (a.min(y), b.max(y))
    });
    if y_hi <= y_lo {
        y_lo -= 1.0;
        y_hi += 1.0;
    }
    let pad = (y_hi - y_lo) * 0.05;
    let (y_lo, y_hi) = (y_lo - pad, y_hi + pad);
    let x_span = if x_hi > x_lo { x_hi - x_lo } else { 1.0 };
    let px = |x: f64| L + (fx(x) - x_lo) / x_span * (W - L - R);
    let py = |y: f64| T + (y_hi - y) / (y_hi - y_lo) * (H - T - B);
    let mut svg = header(W, H);
    let _ = writeln!(
        svg,
        r#"<text x="{L}" y="22" font-size="14" font-weight="bold">{}</text>"#,
        escape(&axes.title)
    );
    let _ = writeln!(
        svg,
        r#"<line x1="{L}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black"/><line x1="{L}" y1="{T}" x2="{L}" y2="{:.1}" stroke="black"/>"#,
        H - B,
        W - R,
        H - B,
        H - B
    );
    let mut xs: Vec<f64> = pts().map(|(x, _)| x).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    for &x in &xs {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"#,
            px(x),
            H - B + 14.0,
            short(x)
        );
    }
    for k in 0..=5 {
        let y = y_lo + (y_hi - y_lo) * f64::from(k) / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{L}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#eeeeee"/><text x="{2:.1}" y="{3:.1}" font-size="10" text-anchor="end">{4}</text>"##,
            py(y),
            W - R,
            L - 4.0,
            py(y) + 3.0,
            short(y)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
        (L + W - R) / 2.0,
        H - 12.0,
        escape(&axes.x_label)
    );
    let _ = writeln!(
        svg,
        r#"<text x="16" y="{:.1}" font-size="11" text-anchor="middle" transform="rotate(-90 16 {:.1})">{}</text>"#,
        (T + H - B) / 2.0,
        (T + H - B) / 2.0,
        escape(&axes.y_label)
    );
    for (k, s) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let path: Vec<String> = s
            .points
            .iter()
            .filter(|(x, y)| fx(*x).is_finite() && y.is_finite())
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            path.join(" ")
        );
        for p in &path {
            let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = writeln!(svg, r#"<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>"#);
        }
        let ly = T + 16.0 * k as f64;
        let _ = writeln!(
            svg,
            r#"<line x1="{:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="11">{}</text>"#,
            W - R + 12.0,
            W - R + 32.0,
            W - R + 36.0,
            ly + 4.0,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

pub(crate) fn header(width: f64, height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    )
}

/// Green (low) through yellow to red (high).
fn colour(v: f64, lo: f64, hi: f64) -> String {
    let t = if hi > lo {
        ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
    } else {
        0.5
    };
    let (r, g) = if t < 0.5 {
        (510.0 * t, 200.0 + 55.0 * 2.0 * t)
    } else {
        (255.0, 255.0 * 2.0 * (1.0 - t))
    };
    format!("#{:02x}{:02x}{:02x}", r.round() as u8, g.round() as u8, 90)
}

/// A compact tick label.
fn short(x: f64) -> String {
    if x == x.round() && x.abs() < 1e9 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heatmap_has_a_cell_per_value_and_is_deterministic() {
        let m = Heatmap {
            title: "t".into(),
            row_name: "c".into(),
            rows: vec!["1".into(), "2".into()],
            column_name: "p".into(),
            columns: vec!["1".into(), "2".into(), "3".into()],
            values: vec![
                vec![Some(0.1), Some(0.2), None],
                vec![Some(0.3), Some(0.25), Some(0.15)],
            ],
            decimals: 2,
        };
        let svg = heatmaps(&[m.clone(), m.clone()]);
        assert_eq!(svg.matches("<rect x=").count(), 2 * 6 + 21);
        assert!(svg.contains(">0.25<"));
        assert!(svg.contains("#dddddd"));
        assert_eq!(svg, heatmaps(&[m.clone(), m]));
    }

    #[test]
    fn colours_run_green_to_red() {
        assert_eq!(colour(0.0, 0.0, 1.0), "#00c85a");
        assert_eq!(colour(1.0, 0.0, 1.0), "#ff005a");
        assert_eq!(colour(0.5, 0.0, 1.0), "#ffff5a");
    }

    #[test]
    fn line_plot_draws_every_series() {
        let axes = Axes {
            title: "x".into(),
            x_label: "n".into(),
            y_label: "v".into(),
            log_x: true,
        };
        let s = |name: &str, k: f64| Series {
            name: name.into(),
            points: vec![(1.0, k), (2.0, k + 1.0), (4.0, k * 2.0)],
        };
        let svg = line_plot(&axes, &[s("a", 1.0), s("b", 2.0)]);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 6);
        assert!(svg.ends_with("</svg>\n"));
    }
}
