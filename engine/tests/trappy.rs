//! The trappy root on the real engine: the known traps of
//! shared/data/traps.epd are found, TrapScale 0 is the plain engine node for
//! node, and colour-flipped positions give mirrored decisions.

use engine::bench::BENCH_POSITIONS;
use engine::search::{SearchLimits, SearchResult, Searcher};
use engine::traps_command::{annotate, Annotation};
use engine::tunables::Tunables;
use movegen::{Board, Move};
use std::path::PathBuf;

/// The depth the traps.epd test uses (documented in the README).
const TRAP_TEST_DEPTH: i32 = 6;

struct TrapCase {
    fen: String,
    setting_move: String,
    tempting_reply: String,
    id: String,
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(';').map(str::trim).find_map(|part| part.strip_prefix(key)).map(|v| v.trim().trim_matches('"'))
}

fn trap_cases() -> Vec<TrapCase> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/traps.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = fields[..6].join(" ");
            let rest = fields[6..].join(" ");
            let setting_move =
                rest.split_whitespace().skip_while(|&t| t != "sm").nth(1).unwrap_or("").trim_end_matches(';');
            TrapCase {
                fen,
                setting_move: setting_move.to_string(),
                tempting_reply: field(&rest.replace("tm ", ";tm "), "tm").unwrap_or("").to_string(),
                id: field(&rest, "id").unwrap_or("?").to_string(),
            }
        })
        .collect()
}

#[test]
fn every_known_trap_is_listed_with_positive_profit() {
    let cases = trap_cases();
    assert_eq!(cases.len(), 5);
    for case in cases {
        let board = Board::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let annotation = annotate(&board, TRAP_TEST_DEPTH, 32, &Tunables::default());
        let root = annotation
            .root_moves
            .iter()
            .find(|root| root.mv.to_string() == case.setting_move)
            .unwrap_or_else(|| panic!("{}: no root move {}", case.id, case.setting_move));
        let trap = root.traps.iter().find(|trap| trap.reply.to_string() == case.tempting_reply).unwrap_or_else(|| {
            panic!("{}: {} not a trap of {}: {}", case.id, case.tempting_reply, case.setting_move, annotation.to_text())
        });
        assert!(trap.profit > 0 && trap.trappiness > 0, "{}: {trap:?}", case.id);
        // The vector covers every root depth from the static view up.
        assert_eq!(trap.vector.first().map(|entry| entry.0), Some(1));
        assert_eq!(trap.vector.last().map(|entry| entry.0), Some(TRAP_TEST_DEPTH as usize));
    }
}

#[test]
fn annotator_json_has_the_documented_shape() {
    let board = Board::from_fen(&trap_cases()[0].fen).expect("valid");
    let json = annotate(&board, 5, 16, &Tunables::default()).to_json();
    for key in [
        "\"fen\":",
        "\"depth\":5",
        "\"plain_best\":",
        "\"trappy_best\":",
        "\"root_moves\":[",
        "\"move\":",
        "\"score\":",
        "\"adjusted\":",
        "\"traps\":[",
        "\"reply\":",
        "\"vector\":[",
        "\"profit\":",
        "\"trappiness\":",
    ] {
        assert!(json.contains(key), "missing {key} in {json}");
    }
    assert_eq!(json.matches('{').count(), json.matches('}').count());
}

fn search_with(tunables: &Tunables, fen: &str, depth: i32) -> SearchResult {
    let board = Board::from_fen(fen).expect("valid");
    let mut searcher = Searcher::new(8);
    searcher.tunables = tunables.clone();
    searcher.tunables_changed();
    searcher.search(&board, &[], &SearchLimits::depth(depth), &mut |_| {})
}

#[test]
fn trap_scale_zero_is_the_plain_engine_node_for_node() {
    // Plain: every root bonus off. "Zero" additionally sets every other trap
    // knob far from its default; none of them may matter when scale is 0.
    let plain = Tunables { trap_scale: 0, insurance_bonus: 0, delay_loss_bonus: 0, ..Tunables::default() };
    let zero = Tunables {
        trap_bonus_cap: 300,
        trap_profit_cap: 1000,
        trap_method: 2,
        trap_min_shallow: 4,
        trap_budget: 200,
        trap_candidates: 16,
        trap_tolerance: 0,
        trap_falloff: 7,
        ..plain.clone()
    };
    for fen in BENCH_POSITIONS.iter() {
        let a = search_with(&plain, fen, 7);
        let b = search_with(&zero, fen, 7);
        assert_eq!(a, b, "{fen}");
        assert_eq!(a.best_move, a.plain_move);
    }
    // And the trappy engine does spend extra nodes (the pass runs).
    let trappy = search_with(&Tunables::default(), BENCH_POSITIONS[0], 7);
    let plain_result = search_with(&plain, BENCH_POSITIONS[0], 7);
    assert!(trappy.nodes > plain_result.nodes);
}

fn mirror_move(mv: Move) -> (String, String) {
    (mv.from().flip_rank().to_string(), mv.to().flip_rank().to_string())
}

fn endpoints(mv: Move) -> (String, String) {
    (mv.from().to_string(), mv.to().to_string())
}

/// (root move endpoints, reply endpoints, profit) for every listed trap.
type TrapKey = ((String, String), (String, String), i32);

fn trap_set(annotation: &Annotation, mirrored: bool) -> Vec<TrapKey> {
    let mut set: Vec<_> = annotation
        .root_moves
        .iter()
        .flat_map(|root| {
            root.traps.iter().map(move |trap| {
                let map = if mirrored { mirror_move } else { endpoints };
                (map(root.mv), map(trap.reply), trap.profit)
            })
        })
        .collect();
    set.sort();
    set
}

#[test]
fn mirrored_positions_give_mirrored_choices_and_traps() {
    for case in trap_cases().iter().take(3) {
        let board = Board::from_fen(&case.fen).expect("valid");
        let plain = annotate(&board, 5, 32, &Tunables::default());
        let mirror = annotate(&board.mirrored(), 5, 32, &Tunables::default());
        assert_eq!(endpoints(plain.trappy_best), mirror_move(mirror.trappy_best), "{}", case.id);
        assert_eq!(endpoints(plain.plain_best), mirror_move(mirror.plain_best), "{}", case.id);
        assert_eq!(trap_set(&plain, false), trap_set(&mirror, true), "{}", case.id);
    }
}

#[test]
fn no_bonus_when_a_mate_is_in_hand() {
    // White mates in one; whatever traps other moves set, trappy plays mate.
    let result = search_with(&Tunables::default(), "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 6);
    assert_eq!(result.best_move, result.plain_move);
    assert_eq!(result.best_move.to_string(), "a1a8");
}

#[test]
fn trappy_search_is_deterministic_under_a_node_limit() {
    let board = Board::from_fen(&trap_cases()[0].fen).expect("valid");
    let run = || {
        let mut searcher = Searcher::new(8);
        searcher.search(&board, &[], &SearchLimits::nodes(200_000), &mut |_| {})
    };
    assert_eq!(run(), run());
}
