//! The one small interface every player implements, whether an engine
//! configuration inside this process or an external UCI program.

use engine::opponent::OpponentInfo;
use movegen::{Board, Move};
use std::fmt;
use std::time::Duration;

/// How long a player may think about one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    Depth(i32),
    Nodes(u64),
    MoveTime(Duration),
    /// Our clock, the opponent's, both increments, and moves to the next
    /// time control if the control has one.
    Clock {
        ours: Duration,
        theirs: Duration,
        increment: Duration,
        moves_to_go: Option<u32>,
    },
}

/// A move and what the engine said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerMove {
    pub mv: Move,
    /// Centipawns from the mover's view.
    pub score_cp: Option<i32>,
    /// Moves to mate, negative when being mated.
    pub mate: Option<i32>,
    pub depth: Option<i32>,
    /// A note for the PGN, e.g. about a trap.
    pub note: Option<String>,
    /// What the trappy root did, from players that run it in process.
    pub trappy: Option<TrappyChoice>,
}

impl PlayerMove {
    /// A move with nothing said about it.
    pub fn bare(mv: Move) -> PlayerMove {
        PlayerMove { mv, score_cp: None, mate: None, depth: None, note: None, trappy: None }
    }
}

/// The trappy root's view of a chosen move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrappyChoice {
    /// What plain minimax would have played.
    pub plain_move: Move,
    /// Replies verified as traps for the chosen move.
    pub trap_replies: Vec<Move>,
    /// The reply the opponent model predicts after the chosen move.
    pub predicted_reply: Option<Move>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The process could not be started or did not finish its handshake.
    StartFailed(String),
    /// The process died.
    Crashed(String),
    /// No answer within the allowed time.
    Stalled(String),
    /// The answer was not a legal move here.
    IllegalMove(String),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            PlayerError::StartFailed(why) => write!(f, "failed to start: {why}"),
            PlayerError::Crashed(why) => write!(f, "crashed: {why}"),
            PlayerError::Stalled(why) => write!(f, "stalled: {why}"),
            PlayerError::IllegalMove(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for PlayerError {}

/// A chess player. `Send` so games can run on worker threads.
pub trait Player: Send {
    fn name(&self) -> &str;

    /// Called before each game.
    fn new_game(&mut self) -> Result<(), PlayerError>;

    /// Whom the next games are against, when the tournament knows (a rating
    /// and whether it is human); it takes effect at the next `new_game`.
    /// Players that cannot use it ignore it.
    fn set_opponent(&mut self, _opponent: Option<&OpponentInfo>) {}

    /// The move to play after `moves` from `start`, within `limit`.
    fn choose_move(&mut self, start: &Board, moves: &[Move], limit: &MoveLimit) -> Result<PlayerMove, PlayerError>;
}
