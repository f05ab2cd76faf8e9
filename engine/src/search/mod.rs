//! The search: iterative deepening over a PVS alpha-beta with quiescence,
//! a transposition table, and the usual pruning and reductions.

mod alpha_beta;
pub mod history;
mod iterative;
pub mod ordering;
mod qsearch;
pub mod score;
pub mod see;
mod softmax_root;
pub mod time;
pub mod tt;

use crate::tunables::Tunables;
use history::History;
use movegen::{Board, Move};
use score::MAX_PLY;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
pub use time::{SearchLimits, TimeManager};
use tt::TranspositionTable;

/// Size of the trap pass's own transposition table.
const PASS_TABLE_MB: usize = 4;

/// Progress after each completed iteration (what UCI prints as `info`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// Traps that raised a root move's value at this depth.
    pub trap_notes: Vec<crate::trappy::TrapNote>,
    pub depth: i32,
    pub seldepth: usize,
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl SearchReport {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (trappy's choice); `Move::NULL` when the root has
    /// no legal move.
    pub best_move: Move,
    /// What plain minimax would play.
    pub plain_move: Move,
    /// (root move, reply) pairs assessed as traps at the final depth.
    pub traps_found: usize,
    /// The replies assessed as traps for the chosen move: if the opponent
    /// plays one, it fell into a trap.
    pub trap_replies: Vec<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Triangular principal-variation table.
struct PvTable {
    moves: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    lengths: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { moves: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]), lengths: [0; MAX_PLY + 1] }
    }

    fn clear_ply(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// `mv` followed by the child's line becomes this ply's line.
    fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.lengths[ply + 1] } else { 0 };
        self.moves[ply][0] = mv;
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.moves[ply][i + 1] = self.moves[ply + 1][i];
        }
        self.lengths[ply] = child_len.min(MAX_PLY - 1) + 1;
    }

    fn line(&self, ply: usize) -> Vec<Move> {
        self.moves[ply][..self.lengths[ply]].to_vec()
    }
}

/// A searcher owns everything that persists between moves of a game.
pub struct Searcher {
    pub tt: TranspositionTable,
    /// The trap pass's own table: it reads the main table but writes here.
    pass_tt: TranspositionTable,
    pub tunables: Tunables,
    pub move_overhead: Duration,
    /// Trappy counters over the game (since `new_game`).
    pub game_stats: crate::trappy::TrappyStats,
    /// Annotator mode: the trap pass covers every root move, unbudgeted.
    pub annotate: bool,
    /// The trap data of the last search and its final depth.
    pub last_trap_table: Option<(crate::trappy::table::TrapTable, usize)>,
    pub(crate) history: History,
    stop: Arc<AtomicBool>,
    // Per-search state.
    pub(crate) nodes: u64,
    seldepth: usize,
    /// The node limit in force (lowered while the trap pass runs).
    pub(crate) node_limit: u64,
    /// The search's own node limit.
    search_node_limit: u64,
    timer: Option<TimeManager>,
    pub(crate) aborted: bool,
    /// While set, TT entries cut off only at exactly the probed depth.
    pub(crate) exact_depth_tt: bool,
    /// Keys of the game before the root, then of the search path.
    pub(crate) keys: Vec<u64>,
    pv: PvTable,
    lmr: Box<[[i32; 64]; 64]>,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        let tunables = Tunables::default();
        let lmr = reduction_table(&tunables);
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            pass_tt: TranspositionTable::new(PASS_TABLE_MB),
            tunables,
            move_overhead: Duration::from_millis(20),
            game_stats: Default::default(),
            annotate: false,
            last_trap_table: None,
            history: History::default(),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            node_limit: u64::MAX,
            search_node_limit: u64::MAX,
            timer: None,
            aborted: false,
            exact_depth_tt: false,
            keys: Vec::new(),
            pv: PvTable::new(),
            lmr,
        }
    }

    /// The flag another thread sets to stop the search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forget everything learned from earlier positions (`ucinewgame`).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.pass_tt.clear();
        self.history.clear();
        self.game_stats = Default::default();
    }

    /// Applies changed tunables to derived tables.
    pub fn tunables_changed(&mut self) {
        self.lmr = reduction_table(&self.tunables);
    }

    /// Resizes the table; on allocation failure keeps the old one.
    pub fn try_set_hash_size(&mut self, megabytes: usize) -> Result<(), String> {
        self.tt = TranspositionTable::try_new(megabytes)
            .ok_or_else(|| format!("cannot allocate a {megabytes} MB hash table; keeping the old one"))?;
        Ok(())
    }

    /// Checks the node budget on every node and the clock and stop flag
    /// every 1024 nodes; sets `aborted` when the search must end.
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(1024) {
            let timed_out = self.timer.as_ref().is_some_and(|t| t.hard_limit_reached());
            if timed_out || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Stores a search result: during the trap pass into the pass's own
    /// table, so the main table never holds a trap-pass result.
    #[allow(clippy::too_many_arguments)]
    fn store_tt(&mut self, key: u64, ply: usize, mv: Move, score: i32, eval: i32, depth: i32, bound: tt::Bound) {
        if self.exact_depth_tt {
            self.pass_tt.store(key, ply, mv, score, eval, depth, bound);
        } else {
            self.tt.store(key, ply, mv, score, eval, depth, bound);
        }
    }

    /// A table probe: the trap pass looks in its own table first, then in
    /// the main one.
    #[inline]
    fn probe_tt(&self, key: u64, ply: usize) -> Option<tt::TtHit> {
        if self.exact_depth_tt {
            self.pass_tt.probe(key, ply).or_else(|| self.tt.probe(key, ply))
        } else {
            self.tt.probe(key, ply)
        }
    }

    /// The first move of the principal variation stored at `ply`.
    pub(crate) fn pv_first_move(&self, ply: usize) -> Option<Move> {
        self.pv.line(ply).first().copied()
    }

    /// Whether the search as a whole must end: stop, time, or its own
    /// node limit (as opposed to a trap-pass budget running out).
    pub(crate) fn hard_stop_reached(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.search_node_limit
            || self.timer.as_ref().is_some_and(|t| t.hard_limit_reached())
    }

    /// The value of a draw at `ply` for the side to move there: `Contempt`
    /// below zero for the side that started the search (it would rather
    /// play on), as much above zero for its opponent.
    #[inline]
    pub(crate) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.tunables.contempt
        } else {
            self.tunables.contempt
        }
    }

    /// Whether the position at `ply` is drawn by repetition (of any earlier
    /// position since the last irreversible move), fifty moves or material.
    fn is_draw(&self, board: &Board) -> bool {
        // A mate on the hundredth halfmove still stands.
        if board.is_fifty_move_draw() && (!board.in_check() || board.has_legal_move()) {
            return true;
        }
        if board.is_insufficient_material() {
            return true;
        }
        // Positions since the last irreversible move, this one included;
        // only every second one has the same side to move.
        let window = (board.halfmove_clock() as usize + 1).min(self.keys.len());
        let key = board.hash();
        self.keys[self.keys.len() - window..].iter().rev().skip(2).step_by(2).any(|&earlier| earlier == key)
    }
}

/// Late-move reductions, in plies, by depth and move number.
fn reduction_table(t: &Tunables) -> Box<[[i32; 64]; 64]> {
    let mut table = Box::new([[0; 64]; 64]);
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (moves, value) in row.iter_mut().enumerate().skip(1) {
            let r =
                t.lmr_base as f64 / 100.0 + (depth as f64).ln() * (moves as f64).ln() / (t.lmr_divisor as f64 / 100.0);
            *value = r.max(0.0) as i32;
        }
    }
    table
}
