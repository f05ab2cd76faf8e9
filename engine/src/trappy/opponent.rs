//! The modelled opponent with a searcher of its own: after one of our root
//! moves it either searches the position `D - gap` plies deep, from its
//! own table and history, as a shallower engine would at its own root, or
//! scores its replies as the natural-move model does (`natural.rs`).
//!
//! Why not the main search's data, or a search that shares the main
//! table? Both know what our deeper search learned: the main table cuts
//! the opponent's search short with our deeper values, so its "best
//! reply" is ours and it sees through the very traps it should fall for.
//! The opponent's own table lives for the game, as a real engine's does.

use super::config::NETWORK_PASS_NODES;
use super::natural::score_replies_within;
use super::reply_model::{natural_likelihoods, policy_likelihoods, LikelyReply};
use crate::lc0::{Lc0Network, Scratch};
use crate::search::root_policy::RootProbe;
use crate::search::{SearchLimits, SearchRequest, Searcher};
use movegen::{Board, Move};
use std::sync::Arc;
use std::time::Duration;

/// The opponent's table: small, since it only ever searches a few plies.
const OPPONENT_HASH_MB: usize = 2;

pub struct OpponentModel {
    searcher: Searcher,
    /// A human-move network in place of the natural model, when the
    /// `OpponentModel` option names one.
    network: Option<Arc<Lc0Network>>,
    scratch: Scratch,
}

/// The model's search ran out of the policy's allowance, the clock, or
/// was stopped: it did not finish its depth.
pub struct OutOfBudget;

impl Default for OpponentModel {
    fn default() -> Self {
        let mut searcher = Searcher::new(OPPONENT_HASH_MB);
        // Its time limit is what is left of ours, overhead already paid.
        searcher.move_overhead = Duration::ZERO;
        OpponentModel { searcher, network: None, scratch: Scratch::default() }
    }
}

impl OpponentModel {
    /// A new game: the opponent forgets its table and history.
    pub fn new_game(&mut self) {
        self.searcher.new_game();
    }

    /// Predicts with `network` instead of the natural model (`None`: the
    /// natural model).
    pub fn set_network(&mut self, network: Option<Arc<Lc0Network>>) {
        self.network = network;
    }

    /// The position after `root_move`, `None` when it is not legal; the
    /// model's searcher takes the main search's tunables.
    fn position_after(&mut self, probe: &RootProbe<'_>, root_move: Move) -> Option<Board> {
        if !probe.root().is_legal(root_move) {
            return None;
        }
        let mut after = probe.root().clone();
        after.play(root_move);
        if self.searcher.tunables() != probe.tunables() {
            self.searcher.set_tunables(probe.tunables().clone());
        }
        // The opponent is modelled with the engine's own evaluation.
        self.searcher.set_network(probe.network().cloned());
        Some(after)
    }

    /// The model's probability for every reply after `root_move`, most
    /// likely first: the network's policy when there is one, else the
    /// natural-move model's softmax at `temperature`. Its cost is charged
    /// to the allowance (the natural model's nodes, or `NETWORK_PASS_NODES` a
    /// forward pass). `Ok(None)` when `root_move` is not legal or leaves
    /// the opponent without a move.
    pub fn reply_distribution(
        &mut self,
        probe: &mut RootProbe<'_>,
        root_move: Move,
        temperature: i32,
    ) -> Result<Option<Vec<LikelyReply>>, OutOfBudget> {
        let Some(after) = self.position_after(probe, root_move) else { return Ok(None) };
        if probe.nodes_left() == 0 || probe.limits_reached() {
            return Err(OutOfBudget);
        }
        let distribution = match self.network.clone() {
            Some(network) => self.network_distribution(probe, after, &network)?,
            None => self.natural_distribution(probe, &after, temperature)?,
        };
        Ok(Some(distribution).filter(|replies| !replies.is_empty()))
    }

    fn natural_distribution(
        &mut self,
        probe: &mut RootProbe<'_>,
        after: &Board,
        temperature: i32,
    ) -> Result<Vec<LikelyReply>, OutOfBudget> {
        // Charging the nodes marks the allowance spent when they reach it.
        let (scored, nodes) = match score_replies_within(&mut self.searcher, after, probe.nodes_left()) {
            Ok(scored) => scored,
            Err(spent) => {
                probe.charge(spent);
                return Err(OutOfBudget);
            }
        };
        probe.charge(nodes);
        if probe.limits_reached() {
            return Err(OutOfBudget);
        }
        Ok(natural_likelihoods(&scored, temperature))
    }

    /// The network's policy in `after`, reading the game as it stands: the
    /// positions before the root, the root, then `after`.
    fn network_distribution(
        &mut self,
        probe: &mut RootProbe<'_>,
        after: Board,
        network: &Lc0Network,
    ) -> Result<Vec<LikelyReply>, OutOfBudget> {
        if probe.nodes_left() < NETWORK_PASS_NODES {
            return Err(OutOfBudget);
        }
        let mut game: Vec<Board> = probe.game_positions().to_vec();
        game.push(probe.root().clone());
        game.push(after);
        let policy = network.policy_with(&game, &mut self.scratch);
        probe.charge(NETWORK_PASS_NODES);
        // The policy comes most likely first.
        Ok(policy_likelihoods(&policy))
    }

    /// The reply the opponent plays after `root_move`, searching `depth`
    /// plies with the main search's tunables, within what is left of the
    /// probe's allowance and clock, and stopping with it; its nodes are
    /// charged to the allowance. `Ok(None)` when `root_move` is not legal
    /// or leaves the opponent without a move.
    pub fn best_reply(
        &mut self,
        probe: &mut RootProbe<'_>,
        root_move: Move,
        depth: i32,
    ) -> Result<Option<Move>, OutOfBudget> {
        let Some(after) = self.position_after(probe, root_move) else { return Ok(None) };
        self.searcher.share_stop_flag(probe.stop_flag());
        let allowance = probe.nodes_left();
        let time_left = probe.time_left();
        if allowance == 0 || probe.limits_reached() || time_left.is_some_and(|t| t.is_zero()) {
            return Err(OutOfBudget);
        }
        let depth = depth.max(1);
        let limits =
            SearchLimits { depth: Some(depth), nodes: Some(allowance), movetime: time_left, ..SearchLimits::default() };
        let result = self.searcher.search(SearchRequest::new(&after, &limits).after(probe.game_keys()));
        // Charging the nodes marks the allowance spent when they reach it.
        probe.charge(result.nodes);
        let finished = result.depth >= depth || result.best_move.is_null();
        if !finished || probe.limits_reached() {
            return Err(OutOfBudget);
        }
        Ok(Some(result.best_move).filter(|mv| !mv.is_null()))
    }
}
