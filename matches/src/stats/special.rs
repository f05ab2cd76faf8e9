//! The few special functions the statistics need.

/// The error function, to about 1e-7 (Abramowitz & Stegun 7.1.26), enough
/// for a likelihood of superiority printed in percent.
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A root of `f` in `[low, high]`, where `f(low)` and `f(high)` have
/// opposite signs, by bisection to full double precision.
pub fn bisect(f: impl Fn(f64) -> f64, mut low: f64, mut high: f64) -> f64 {
    let mut f_low = f(low);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        let f_middle = f(middle);
        if f_middle == 0.0 {
            return middle;
        }
        if (f_middle < 0.0) == (f_low < 0.0) {
            low = middle;
            f_low = f_middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        for (x, expected) in [(0.0, 0.0), (0.5, 0.520_499_877_8), (1.0, 0.842_700_792_9), (2.0, 0.995_322_265_0)] {
            assert!((erf(x) - expected).abs() < 2e-7, "erf({x})");
            assert!((erf(-x) + expected).abs() < 2e-7);
        }
    }

    #[test]
    fn bisection_finds_roots() {
        let root = bisect(|x| x * x - 2.0, 0.0, 2.0);
        assert!((root - 2f64.sqrt()).abs() < 1e-12);
    }
}
