//! A hand-written SVG line chart of SPSA trajectories. Parameters have
//! different ranges, so each is drawn as the fraction of its own [min, max]
//! range; the legend gives the real start and end values.

/// One parameter's line.
pub struct Series {
    pub name: String,
    pub min: f64,
    pub max: f64,
    /// Value before the first iteration, then after each one.
    pub values: Vec<f64>,
}

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 460.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 230.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
const COLOURS: [&str; 8] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The chart as an SVG document.
pub fn trajectory_svg(title: &str, series: &[Series]) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let steps = series.iter().map(|s| s.values.len()).max().unwrap_or(1).saturating_sub(1).max(1);
    let x = |i: usize| LEFT + plot_w * i as f64 / steps as f64;
    let y = |fraction: f64| TOP + plot_h * (1.0 - fraction.clamp(0.0, 1.0));
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"24\" font-size=\"15\">{}</text>\n",
        escape(title)
    );
    for tick in 0..=4 {
        let fraction = tick as f64 / 4.0;
        svg += &format!(
            "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"#ddd\"/>\n\
             <text x=\"{2:.1}\" y=\"{3:.1}\" text-anchor=\"end\">{fraction:.2}</text>\n",
            y(fraction),
            LEFT + plot_w,
            LEFT - 6.0,
            y(fraction) + 4.0
        );
    }
    let x_ticks = steps.min(10);
    for tick in 0..=x_ticks {
        let iteration = steps * tick / x_ticks;
        svg += &format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{iteration}</text>\n",
            x(iteration),
            TOP + plot_h + 18.0
        );
    }
    svg += &format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"#555\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">iteration</text>\n\
         <text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">fraction of range</text>\n",
        LEFT + plot_w / 2.0,
        HEIGHT - 12.0,
        TOP + plot_h / 2.0
    );
    for (index, line) in series.iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let span = (line.max - line.min).max(f64::EPSILON);
        let points: Vec<String> = line
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y((v - line.min) / span)))
            .collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n",
            points.join(" ")
        );
        let (first, last) = (line.values.first().copied().unwrap_or(0.0), line.values.last().copied().unwrap_or(0.0));
        let legend_y = TOP + 10.0 + 34.0 * index as f64;
        svg += &format!(
            "<rect x=\"{0:.1}\" y=\"{1:.1}\" width=\"14\" height=\"4\" fill=\"{colour}\"/>\n\
             <text x=\"{2:.1}\" y=\"{3:.1}\">{4}</text>\n\
             <text x=\"{2:.1}\" y=\"{5:.1}\" fill=\"#555\">{first:.1} → {last:.1} in [{6}, {7}]</text>\n",
            LEFT + plot_w + 14.0,
            legend_y,
            LEFT + plot_w + 34.0,
            legend_y + 5.0,
            escape(&line.name),
            legend_y + 19.0,
            line.min,
            line.max
        );
    }
    svg += "</svg>\n";
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_becomes_a_polyline_with_a_legend() {
        let series = [
            Series { name: "TrapScale".into(), min: 0.0, max: 400.0, values: vec![100.0, 120.0, 140.0] },
            Series { name: "A<B".into(), min: 0.0, max: 10.0, values: vec![5.0, 4.0, 3.0] },
        ];
        let svg = trajectory_svg("SPSA & more", &series);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("SPSA &amp; more") && svg.contains("A&lt;B"));
        assert!(svg.contains("100.0 → 140.0 in [0, 400]"));
        // The first TrapScale point: iteration 0 at a quarter of the range.
        assert!(svg.contains(&format!("points=\"{LEFT:.1},{:.1}", TOP + (HEIGHT - TOP - BOTTOM) * 0.75)));
    }
}
