//! Plays one game between two players from an opening, keeping clocks,
//! applying the rules and adjudication, and turning every player failure
//! (crash, stall, illegal move, flag fall) into a loss with its reason.

use crate::adjudication::{rules_outcome, AdjudicationRules, Adjudicator};
use crate::game_record::{GameRecord, GameResult, MoveRecord, Termination};
use crate::openings::Opening;
use crate::player::{MoveLimit, Player, PlayerError, PlayerMove};
use engine::cli::trap_pgn::trap_drawing;
use movegen::{Color, Move};
use std::time::{Duration, Instant};

/// A player's thinking limit, as configured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitSpec {
    Depth(i32),
    Nodes(u64),
    MoveTime(Duration),
    /// `base + increment`, with the base added again every `moves` moves
    /// when a moves-to-go control is given.
    Clock {
        base: Duration,
        increment: Duration,
        moves: Option<u32>,
    },
}

impl LimitSpec {
    /// Reads a clock as configs and PGN write it, "10+0.1" or "40/60+0.5"
    /// (seconds): the inverse of `time_control` for clocks.
    pub fn parse_time_control(text: &str) -> Option<LimitSpec> {
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (Some(moves.trim().parse::<u32>().ok().filter(|&m| m > 0)?), rest),
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
        Some(LimitSpec::Clock {
            base: Duration::from_secs_f64(seconds(base)?),
            increment: Duration::from_secs_f64(seconds(increment)?),
            moves,
        })
    }

    /// The PGN TimeControl value ("-" for depth and node limits).
    pub fn time_control(&self) -> String {
        match self {
            LimitSpec::Clock { base, increment, moves } => {
                let base_and_inc = format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64());
                match moves {
                    Some(moves) => format!("{moves}/{base_and_inc}"),
                    None => base_and_inc,
                }
            }
            LimitSpec::MoveTime(time) => format!("{}/move", time.as_secs_f64()),
            _ => "-".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub adjudication: AdjudicationRules,
    /// How far past zero a clock may run before the flag falls.
    pub time_margin: Duration,
}

/// Names and numbering for the PGN tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLabels {
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
}

struct Clock {
    left: Duration,
    spec: LimitSpec,
    moves_made: u32,
}

impl Clock {
    fn new(spec: &LimitSpec) -> Clock {
        let left = match spec {
            LimitSpec::Clock { base, .. } => *base,
            _ => Duration::ZERO,
        };
        Clock { left, spec: spec.clone(), moves_made: 0 }
    }

    fn move_limit(&self, theirs: &Clock) -> MoveLimit {
        match &self.spec {
            LimitSpec::Depth(depth) => MoveLimit::Depth(*depth),
            LimitSpec::Nodes(nodes) => MoveLimit::Nodes(*nodes),
            LimitSpec::MoveTime(time) => MoveLimit::MoveTime(*time),
            LimitSpec::Clock { increment, moves, .. } => MoveLimit::Clock {
                ours: self.left,
                theirs: theirs.left,
                increment: *increment,
                moves_to_go: moves.map(|period| period - self.moves_made % period),
            },
        }
    }

    /// Charges `used`; returns false if the flag fell.
    fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        let LimitSpec::Clock { base, increment, moves } = &self.spec else {
            return true;
        };
        if used > self.left + margin {
            return false;
        }
        self.left = self.left.saturating_sub(used) + *increment;
        self.moves_made += 1;
        if let Some(period) = moves {
            if self.moves_made.is_multiple_of(*period) {
                self.left += *base;
            }
        }
        true
    }
}

fn loss_for(side: Color) -> GameResult {
    if side == Color::White {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    }
}

fn failure_termination(error: &PlayerError) -> Termination {
    match error {
        PlayerError::StartFailed(_) | PlayerError::Crashed(_) => Termination::Crash,
        PlayerError::Stalled(_) => Termination::Stall,
        PlayerError::IllegalMove(_) => Termination::IllegalMove,
    }
}

/// Plays one game. `players` and `limits` are indexed by colour (white
/// first). Never panics on a player's failure: it is the result.
pub fn play_game(
    players: [&mut dyn Player; 2],
    limits: [&LimitSpec; 2],
    opening: &Opening,
    settings: &GameSettings,
    labels: &GameLabels,
) -> GameRecord {
    let [white, black] = players;
    let names = [white.name().to_string(), black.name().to_string()];
    let mut seats: [&mut dyn Player; 2] = [white, black];
    let mut clocks = [Clock::new(limits[0]), Clock::new(limits[1])];
    let mut board = opening.start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    let mut records: Vec<MoveRecord> = Vec::new();
    for &mv in &opening.moves {
        history.push(board.hash());
        board.play(mv);
        played.push(mv);
        records
            .push(MoveRecord { reply: PlayerMove { note: Some("book".into()), ..PlayerMove::bare(mv) }, time_ms: 0 });
    }
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    let (started, clock_start) = (std::time::SystemTime::now(), Instant::now());
    let finish = |records: Vec<MoveRecord>, result: GameResult, termination: Termination| GameRecord {
        event: labels.event.clone(),
        site: labels.site.clone(),
        date: labels.date.clone(),
        round: labels.round.clone(),
        white: names[0].clone(),
        black: names[1].clone(),
        time_controls: [limits[0].time_control(), limits[1].time_control()],
        started,
        duration: clock_start.elapsed(),
        start: opening.start.clone(),
        moves: records,
        result,
        termination,
    };

    for (index, seat) in seats.iter_mut().enumerate() {
        if let Err(error) = seat.new_game() {
            let side = if index == 0 { Color::White } else { Color::Black };
            return finish(records, loss_for(side), failure_termination(&error));
        }
    }
    loop {
        if let Some((result, termination)) = rules_outcome(&board, &history) {
            return finish(records, result, termination);
        }
        let side = board.side_to_move();
        let us = side.index();
        let limit = clocks[us].move_limit(&clocks[1 - us]);
        let started = Instant::now();
        let answer = seats[us].choose_move(&opening.start, &played, &limit);
        let used = started.elapsed();
        let reply = match answer {
            Ok(reply) => reply,
            Err(error) => return finish(records, loss_for(side), failure_termination(&error)),
        };
        if !board.is_legal(reply.mv) {
            return finish(records, loss_for(side), Termination::IllegalMove);
        }
        if !clocks[us].charge(used, settings.time_margin) {
            return finish(records, loss_for(side), Termination::TimeForfeit);
        }
        history.push(board.hash());
        board.play(reply.mv);
        played.push(reply.mv);
        let score_for_adjudication = reply.score_cp.or(reply.mate.map(|m| if m > 0 { 100_000 } else { -100_000 }));
        let mut reply = reply;
        let sprung_trap = records
            .last()
            .filter(|previous| previous.reply.trappy.as_ref().is_some_and(|c| c.trap_replies.contains(&reply.mv)))
            .map(|previous| previous.reply.mv);
        if let Some(trap) = sprung_trap {
            // Drawn as `trappy traps --pgn` draws a trap, for a study.
            let marker = format!("fell into a trap {}", trap_drawing(trap, reply.mv));
            reply.note = Some(reply.note.map_or(marker.clone(), |note| format!("{marker}; {note}")));
        }
        records.push(MoveRecord { reply, time_ms: used.as_millis() as u64 });
        if rules_outcome(&board, &history).is_none() {
            if let Some((result, termination)) = adjudicator.after_move(&board, side, score_for_adjudication) {
                return finish(records, result, termination);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_as_they_print() {
        assert_eq!(
            LimitSpec::parse_time_control("40/60+0.5"),
            Some(LimitSpec::Clock {
                base: Duration::from_secs(60),
                increment: Duration::from_millis(500),
                moves: Some(40)
            })
        );
        assert_eq!(LimitSpec::parse_time_control("1+0.01").map(|l| l.time_control()), Some("1+0.01".into()));
        assert!(LimitSpec::parse_time_control("-1+0").is_none() && LimitSpec::parse_time_control("0/1+1").is_none());
    }
}
