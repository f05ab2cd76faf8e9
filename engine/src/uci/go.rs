//! `go` parameters into search limits. Problems are reported but never
//! stop the search: a GUI that sent `go` is waiting for a `bestmove`.

use crate::search::SearchLimits;
use movegen::Color;
use std::time::Duration;

pub struct ParsedGo {
    pub limits: SearchLimits,
    pub errors: Vec<String>,
    /// `searchmoves` as given; the session checks them on its board.
    pub search_moves: Vec<String>,
}

fn number(name: &str, value: Option<&&str>, errors: &mut Vec<String>) -> Option<i64> {
    match value.map(|v| v.parse::<i64>()) {
        Some(Ok(n)) if n < 0 && matches!(name, "wtime" | "btime") => {
            errors.push(format!("{name} {n} is negative; treating it as 0"));
            Some(0)
        }
        Some(Ok(n)) if n < 0 => {
            errors.push(format!("{name} {n} is negative; ignored"));
            None
        }
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            errors.push(format!("{name} needs a number, not '{}'", value.map_or("", |v| v)));
            None
        }
        None => {
            errors.push(format!("{name} needs a number"));
            None
        }
    }
}

fn is_keyword(token: &str) -> bool {
    matches!(
        token,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "movetime"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

pub fn parse_go(args: &[&str], side: Color) -> ParsedGo {
    let mut limits = SearchLimits::default();
    let mut errors = Vec::new();
    let mut search_moves = Vec::new();
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0, 0);
    let mut index = 0;
    while index < args.len() {
        let name = args[index];
        let takes_value =
            matches!(name, "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "movetime" | "mate");
        if takes_value {
            let value = number(name, args.get(index + 1).filter(|v| !is_keyword(v)), &mut errors);
            // The next token is this parameter's value unless it is itself
            // a parameter name.
            if args.get(index + 1).is_some_and(|v| !is_keyword(v)) {
                index += 1;
            }
            if let Some(n) = value {
                let millis = Duration::from_millis(n as u64);
                match name {
                    "wtime" => wtime = Some(millis),
                    "btime" => btime = Some(millis),
                    "winc" => winc = n,
                    "binc" => binc = n,
                    "movestogo" => limits.moves_to_go = Some(n.clamp(1, 1000) as u32),
                    "depth" => limits.depth = Some(n.clamp(1, 127) as i32),
                    "nodes" => limits.nodes = Some(n.max(1) as u64),
                    "movetime" => limits.movetime = Some(millis),
                    _ => limits.depth = Some((2 * n).clamp(1, 127) as i32), // mate in n: 2n plies
                }
            }
        } else {
            match name {
                "infinite" => limits.infinite = true,
                // The clock given applies from `ponderhit` on.
                "ponder" => limits.ponder = Some(crate::search::PonderSignal::default()),
                "searchmoves" => {
                    while index + 1 < args.len()
                        && args[index + 1].len() >= 4
                        && args[index + 1].as_bytes()[1].is_ascii_digit()
                    {
                        index += 1;
                        search_moves.push(args[index].to_string());
                    }
                }
                other => errors.push(format!("unknown go parameter '{other}'")),
            }
        }
        index += 1;
    }
    let (time_left, increment) = match side {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    limits.time_left = time_left;
    limits.increment = Duration::from_millis(increment as u64);
    ParsedGo { limits, errors, search_moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str, side: Color) -> ParsedGo {
        parse_go(&text.split_whitespace().collect::<Vec<_>>(), side)
    }

    #[test]
    fn clocks_follow_the_side_to_move() {
        let parsed = go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5", Color::Black);
        assert!(parsed.errors.is_empty());
        assert_eq!(parsed.limits.time_left, Some(Duration::from_millis(2000)));
        assert_eq!(parsed.limits.increment, Duration::from_millis(20));
        assert_eq!(parsed.limits.moves_to_go, Some(5));
    }

    #[test]
    fn bad_values_are_reported_and_skipped() {
        let parsed = go("depth abc nodes -5 wtime -100 frobnicate", Color::White);
        assert_eq!(parsed.errors.len(), 4, "{:?}", parsed.errors);
        assert_eq!(parsed.limits.depth, None);
        assert_eq!(parsed.limits.nodes, None);
        assert_eq!(parsed.limits.time_left, Some(Duration::ZERO));
        let trailing = go("depth", Color::White);
        assert_eq!(trailing.errors.len(), 1);
    }

    #[test]
    fn fixed_limits() {
        let parsed = go("depth 7 nodes 5000 movetime 250 infinite", Color::White);
        assert_eq!(parsed.limits.depth, Some(7));
        assert_eq!(parsed.limits.nodes, Some(5000));
        assert_eq!(parsed.limits.movetime, Some(Duration::from_millis(250)));
        assert!(parsed.limits.infinite);
    }
}
