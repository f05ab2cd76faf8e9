//! Hand-written SVG charts as small multiples: one panel per quantity, each
//! in its own units. `tuner tune` draws a panel per parameter and one for
//! the objective; `tuner match` draws each pairing's running Elo with its
//! 95 % band.

/// One panel: lines over a shared x axis, an optional band, an optional
/// horizontal reference line, all in the panel's own units.
#[derive(Default)]
pub struct Panel {
    pub title: String,
    /// A second, smaller line under the title (figures, ranges).
    pub subtitle: String,
    pub x_label: String,
    /// (x, y) points; the first line is drawn strongest.
    pub lines: Vec<Vec<(f64, f64)>>,
    /// Single points (drawn as dots), e.g. raw per-iteration results.
    pub dots: Vec<(f64, f64)>,
    /// (x, low, high): a shaded band.
    pub band: Vec<(f64, f64, f64)>,
    pub reference: Option<f64>,
    /// A y range the panel always shows (e.g. a parameter's bounds are too
    /// wide, so only the start value is forced in).
    pub must_show: Vec<f64>,
    /// Written across the plot: why it holds nothing, when it does not.
    pub note: String,
}

const PANEL_W: f64 = 420.0;
const PANEL_H: f64 = 236.0;
const MARGIN_LEFT: f64 = 64.0;
const MARGIN_RIGHT: f64 = 16.0;
const MARGIN_TOP: f64 = 44.0;
const MARGIN_BOTTOM: f64 = 36.0;
const HEADER: f64 = 34.0;
const LINE_COLOURS: [&str; 3] = ["#1f77b4", "#d62728", "#2ca02c"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A tick step of 1, 2 or 5 times a power of ten giving about four ticks.
fn tick_step(span: f64) -> f64 {
    let raw = (span / 4.0).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|step| *step >= raw).unwrap_or(10.0 * power)
}

fn range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.filter(|v| v.is_finite()).fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((low, high)) => Some((low.min(v), high.max(v))),
    })
}

/// Compact numbers for tick labels: no trailing zeros, at most 3 decimals.
fn label(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

fn panel_svg(panel: &Panel, left: f64, top: f64) -> String {
    let plot_w = PANEL_W - MARGIN_LEFT - MARGIN_RIGHT;
    let plot_h = PANEL_H - MARGIN_TOP - MARGIN_BOTTOM;
    let (x0, y0) = (left + MARGIN_LEFT, top + MARGIN_TOP);
    let xs = panel.lines.iter().flatten().map(|p| p.0).chain(panel.dots.iter().map(|p| p.0));
    let (x_min, x_max) = range(xs.chain(panel.band.iter().map(|b| b.0))).unwrap_or((0.0, 1.0));
    let ys = panel.lines.iter().flatten().map(|p| p.1).chain(panel.dots.iter().map(|p| p.1));
    let ys = ys.chain(panel.band.iter().flat_map(|b| [b.1, b.2])).chain(panel.reference).chain(panel.must_show.clone());
    let (mut y_min, mut y_max) = range(ys).unwrap_or((0.0, 1.0));
    if y_max - y_min < 1e-9 {
        (y_min, y_max) = (y_min - 1.0, y_max + 1.0);
    }
    let pad = 0.05 * (y_max - y_min);
    (y_min, y_max) = (y_min - pad, y_max + pad);
    let x_span = (x_max - x_min).max(1e-9);
    let x = |v: f64| x0 + plot_w * (v - x_min) / x_span;
    let y = |v: f64| y0 + plot_h * (1.0 - (v - y_min) / (y_max - y_min));
    let mut svg = format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" font-weight=\"bold\">{}</text>\n\
         <text x=\"{0:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#555\">{}</text>\n",
        x0,
        top + 18.0,
        escape(&panel.title),
        top + 33.0,
        escape(&panel.subtitle)
    );
    let drawn = panel.lines.iter().any(|line| !line.is_empty()) || !panel.dots.is_empty() || !panel.band.is_empty();
    let step = tick_step(y_max - y_min);
    // An empty panel has no scale to show.
    let mut tick = if drawn { (y_min / step).ceil() * step } else { f64::INFINITY };
    while tick <= y_max {
        svg += &format!(
            "<line x1=\"{x0:.1}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"#e4e4e4\"/>\n\
             <text x=\"{2:.1}\" y=\"{3:.1}\" text-anchor=\"end\" font-size=\"11\">{4}</text>\n",
            y(tick),
            x0 + plot_w,
            x0 - 5.0,
            y(tick) + 4.0,
            label(tick)
        );
        tick += step;
    }
    let x_step = tick_step(x_span);
    let mut tick = if drawn { (x_min / x_step).ceil() * x_step } else { f64::INFINITY };
    while tick <= x_max {
        svg += &format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\">{}</text>\n",
            x(tick),
            y0 + plot_h + 15.0,
            label(tick)
        );
        tick += x_step;
    }
    svg += &format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">{}</text>\n",
        x0 + plot_w / 2.0,
        y0 + plot_h + 30.0,
        escape(&panel.x_label)
    );
    if !panel.band.is_empty() {
        let upper = panel.band.iter().map(|b| format!("{:.1},{:.1}", x(b.0), y(b.2)));
        let lower = panel.band.iter().rev().map(|b| format!("{:.1},{:.1}", x(b.0), y(b.1)));
        let points: Vec<String> = upper.chain(lower).collect();
        svg += &format!("<polygon fill=\"#1f77b4\" fill-opacity=\"0.18\" points=\"{}\"/>\n", points.join(" "));
    }
    if let Some(reference) = panel.reference {
        svg += &format!(
            "<line x1=\"{x0:.1}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n",
            y(reference),
            x0 + plot_w
        );
    }
    for (x_value, y_value) in &panel.dots {
        svg += &format!("<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"1.8\" fill=\"#999\"/>\n", x(*x_value), y(*y_value));
    }
    for (index, line) in panel.lines.iter().enumerate().filter(|(_, line)| !line.is_empty()) {
        let points: Vec<String> = line.iter().map(|(a, b)| format!("{:.1},{:.1}", x(*a), y(*b))).collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" points=\"{}\"/>\n",
            LINE_COLOURS[index % LINE_COLOURS.len()],
            if index == 0 { 2 } else { 1 },
            points.join(" ")
        );
    }
    if !panel.note.is_empty() {
        svg += &note_svg(&panel.note, x0 + plot_w / 2.0, y0 + plot_h / 2.0, plot_w);
    }
    svg += &format!(
        "<rect x=\"{x0:.1}\" y=\"{y0:.1}\" width=\"{plot_w:.1}\" height=\"{plot_h:.1}\" fill=\"none\" stroke=\"#555\"/>\n"
    );
    svg
}

/// `note` centred on (`x`, `y`), in lines of words that fit `width`.
fn note_svg(note: &str, x: f64, y: f64, width: f64) -> String {
    // About 6 px a character at font size 11.
    let most = ((width / 6.0) as usize).max(10);
    let mut lines: Vec<String> = Vec::new();
    for word in note.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    let top = y - 7.0 * (lines.len() as f64 - 1.0);
    lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">{}</text>\n",
                top + 14.0 * index as f64,
                escape(line)
            )
        })
        .collect()
}

/// Panels in a grid of `columns`, under a title.
pub fn panels_svg(title: &str, panels: &[Panel], columns: usize) -> String {
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns).max(1);
    let (width, height) = (PANEL_W * columns as f64, HEADER + PANEL_H * rows as f64);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"12\" y=\"22\" font-size=\"15\">{}</text>\n",
        escape(title)
    );
    for (index, panel) in panels.iter().enumerate() {
        let (column, row) = (index % columns, index / columns);
        svg += &panel_svg(panel, PANEL_W * column as f64, HEADER + PANEL_H * row as f64);
    }
    svg += "</svg>\n";
    svg
}

/// A centred moving average over `window` points (shorter at the ends).
pub fn moving_average(values: &[f64], window: usize) -> Vec<f64> {
    let half = window.max(1) / 2;
    (0..values.len())
        .map(|i| {
            let slice = &values[i.saturating_sub(half)..(i + half + 1).min(values.len())];
            slice.iter().sum::<f64>() / slice.len() as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_keep_their_own_units_and_escape_text() {
        let panels = [
            Panel {
                title: "TrapTrust".into(),
                x_label: "iteration".into(),
                lines: vec![vec![(0.0, 100.0), (1.0, 120.0), (2.0, 140.0)]],
                reference: Some(100.0),
                ..Panel::default()
            },
            Panel {
                title: "A<B & C".into(),
                x_label: "games".into(),
                lines: vec![vec![(10.0, 0.25), (20.0, 0.5)]],
                band: vec![(10.0, -1.0, 1.5), (20.0, 0.0, 1.0)],
                dots: vec![(10.0, 9.0)],
                ..Panel::default()
            },
            Panel { title: "third".into(), note: "nothing yet: no game has been played".into(), ..Panel::default() },
        ];
        let svg = panels_svg("SPSA & more", &panels, 2);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        // Two columns, two rows.
        assert!(svg.contains(&format!("width=\"{}\" height=\"{}\"", 2.0 * PANEL_W, HEADER + 2.0 * PANEL_H)));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<polygon").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(svg.contains("SPSA &amp; more") && svg.contains("A&lt;B &amp; C"));
        assert!(svg.contains(">nothing yet: no game has been played</text>"), "the third panel says why it is empty");
        // The first panel's ticks are in its own units (100..140), the
        // second's span the band and the dot (-1..9, ticks every 5).
        assert!(svg.contains(">120</text>") && svg.contains(">140</text>"));
        assert!(svg.contains(">5</text>") && !svg.contains(">4</text>"));
    }

    #[test]
    fn ticks_and_averages() {
        assert_eq!(tick_step(40.0), 10.0);
        assert_eq!(tick_step(0.7), 0.2);
        assert_eq!(tick_step(3000.0), 1000.0);
        assert_eq!(moving_average(&[0.0, 3.0, 6.0, 9.0], 3), vec![1.5, 3.0, 6.0, 7.5]);
        assert_eq!(label(-0.0001), "0");
        assert_eq!(label(2.5), "2.5");
    }
}
