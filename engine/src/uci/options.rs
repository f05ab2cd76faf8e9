//! `setoption name <id> [value <x>]` for the engine's own options and
//! every tunable.

use crate::nnue::Network;
use crate::opponent::{OpponentInfo, OPPONENT_ELO_RANGE};
use crate::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO};
use crate::trappy::replies::OpponentModelChoice;
use crate::trappy_engine::TrappyEngine;
use crate::tunables::{read_check, read_number, uci_option_lines, within_range, TunableError, Tunables, TUNABLE_SPECS};
use std::sync::Arc;
use std::time::Duration;

pub const DEFAULT_HASH_MB: usize = 16;
/// Half of the 24 GiB this machine class has: a table must never exhaust memory.
pub const MAX_HASH_MB: usize = 12_288;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 20;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// MultiPV's upper bound: more lines than any position has legal moves.
pub const MAX_MULTIPV: usize = 256;

/// The `option` lines `uci` prints: the GUI options and the tunables the
/// table marks as shown (the trappy settings a GUI user may want), or
/// every tunable with `all_tunables` (`trappy --all-options`); tunables at
/// their values in force. The rest (evaluation weights, search and model
/// parameters) are for tuning, though every one is settable by name.
pub fn option_lines(tunables: &Tunables, all_tunables: bool) -> Vec<String> {
    let mut lines = vec![
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {}", crate::search::MAX_THREADS),
        "option name Clear Hash type button".to_string(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        format!("option name EvalFile type string default {}", crate::nnue::DEFAULT_EVAL_FILE),
        "option name Ponder type check default false".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"),
        "option name UCI_Opponent type string default <empty>".to_string(),
        format!("option name OpponentElo type spin default 0 min 0 max {}", OPPONENT_ELO_RANGE.end()),
        format!("option name OpponentModel type string default {}", crate::trappy::replies::AUTODISCOVER),
        "option name OpponentHuman type check default false".to_string(),
    ];
    let shown = TUNABLE_SPECS.iter().map(|spec| all_tunables || spec.shown);
    lines.extend(uci_option_lines(tunables).into_iter().zip(shown).filter_map(|(line, shown)| shown.then_some(line)));
    lines
}

/// Options that belong to the UCI session rather than the searcher.
pub enum SessionOption {
    MultiPv(usize),
    LimitStrength(bool),
    Elo(i64),
    /// Checked for a valid value; pondering needs nothing set up.
    Ponder,
    /// `UCI_Opponent`; `None` for an empty value.
    Opponent(Option<OpponentInfo>),
    /// `OpponentElo`; 0 for unknown.
    OpponentElo(i32),
    OpponentHuman(bool),
    /// `EvalFile`: the network it names, `None` for the classical
    /// evaluation.
    EvalFile(Option<Arc<Network>>),
    /// `OpponentModel`: what predicts the opponent's replies.
    OpponentModel(OpponentModelChoice),
}

/// The options the session keeps (see `SessionOption`); `None` for any
/// other name.
pub fn session_option(name: &str, value: Option<&str>) -> Option<Result<SessionOption, String>> {
    let option = match name.to_ascii_lowercase().as_str() {
        "multipv" => read_number("MultiPV", value, 1, MAX_MULTIPV as i64).map(|n| SessionOption::MultiPv(n as usize)),
        "ponder" => read_check("Ponder", value).map(|_| SessionOption::Ponder),
        "uci_limitstrength" => read_check("UCI_LimitStrength", value).map(SessionOption::LimitStrength),
        "uci_elo" => read_number("UCI_Elo", value, MIN_ELO, MAX_ELO).map(SessionOption::Elo),
        "uci_opponent" => {
            return Some(match value.map(str::trim).filter(|v| !v.is_empty() && *v != "<empty>") {
                Some(text) => OpponentInfo::parse(text).map(|info| SessionOption::Opponent(Some(info))),
                None => Ok(SessionOption::Opponent(None)),
            })
        }
        "opponentelo" => opponent_elo(value).map(SessionOption::OpponentElo),
        "opponenthuman" => read_check("OpponentHuman", value).map(SessionOption::OpponentHuman),
        "evalfile" => {
            return Some(crate::nnue::network_for_eval_file(value.unwrap_or_default()).map(SessionOption::EvalFile))
        }
        "opponentmodel" => {
            return Some(OpponentModelChoice::from_option(value.unwrap_or_default()).map(SessionOption::OpponentModel))
        }
        _ => return None,
    };
    Some(option.map_err(|e| e.to_string()))
}

/// `OpponentElo`: 0 for unknown, else a rating the engine accepts.
fn opponent_elo(value: Option<&str>) -> Result<i32, TunableError> {
    let (lowest, highest) = (i64::from(*OPPONENT_ELO_RANGE.start()), i64::from(*OPPONENT_ELO_RANGE.end()));
    let elo = read_number("OpponentElo", value, 0, highest)?;
    let elo = if elo == 0 { 0 } else { within_range("OpponentElo", elo, lowest, highest)? };
    Ok(elo as i32)
}

/// Splits `name <id...> [value <x...>]` into the name and the value.
pub fn split_setoption(args: &[&str]) -> Result<(String, Option<String>), String> {
    if args.first() != Some(&"name") {
        return Err("setoption needs 'name <option>'".into());
    }
    let value_at = args.iter().position(|&t| t == "value");
    let name_tokens = &args[1..value_at.unwrap_or(args.len())];
    if name_tokens.is_empty() {
        return Err("setoption name is empty".into());
    }
    let value = value_at.map(|index| args[index + 1..].join(" "));
    Ok((name_tokens.join(" "), value))
}

/// Applies one option to the searcher; errors leave it unchanged.
pub fn apply_option(searcher: &mut TrappyEngine, name: &str, value: Option<&str>) -> Result<(), String> {
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let mb = read_number("Hash", value, 1, MAX_HASH_MB as i64).map_err(|e| e.to_string())?;
            searcher.try_set_hash_size(mb as usize)
        }
        "threads" => {
            let threads =
                read_number("Threads", value, 1, crate::search::MAX_THREADS as i64).map_err(|e| e.to_string())?;
            searcher.set_threads(threads as usize);
            Ok(())
        }
        "clear hash" => {
            searcher.new_game();
            Ok(())
        }
        "move overhead" => {
            let ms = read_number("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS as i64).map_err(|e| e.to_string())?;
            searcher.set_move_overhead(Duration::from_millis(ms as u64));
            Ok(())
        }
        _ => {
            let number = crate::tunables::parse_value(name, value.unwrap_or_default()).map_err(|e| e.to_string())?;
            searcher.set_tunable(name, number).map_err(|e| e.to_string())
        }
    }
}
