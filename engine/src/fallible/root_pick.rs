//! The softmax pick at the root (`WeakTopK` > 1): the k leading root moves
//! get exact scores and one of them is drawn, like a player who sees the
//! good moves but does not always pick the best. It decides after the
//! search, through the root-policy seam (`search::root_policy`), alone or
//! after the trap root (`trappy_engine.rs` chains the two).

use super::softmax_index;
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::INFINITY;
use crate::tunables::Tunables;
use movegen::Move;

/// The weak player's draw among its leading root moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WeakRootPick {
    top_k: usize,
}

impl WeakRootPick {
    /// The pick `tunables` ask for; `None` when the player plays its best
    /// move (`WeakTopK` 1).
    pub fn from_tunables(tunables: &Tunables) -> Option<WeakRootPick> {
        (tunables.weak_top_k > 1).then_some(WeakRootPick { top_k: tunables.weak_top_k as usize })
    }

    /// Nodes for scoring the candidates: as many as the search took, so
    /// the pick costs a node-capped player what its search does.
    pub fn allowance(&self, searched: u64) -> u64 {
        searched
    }

    /// The first k root moves in the order the search left them, each
    /// with its score; empty when fewer than two could be scored. Scored
    /// before any other decider searches: told or untold, the draw is
    /// among the same scores.
    pub fn scores(&self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Vec<(Move, i32)> {
        let order = iteration.searched_order;
        let candidates: Vec<Move> = order.iter().copied().take(self.top_k.min(order.len())).collect();
        if candidates.len() < 2 || iteration.depth < 1 {
            return vec![];
        }
        let depth = (iteration.depth - 1).max(1);
        softmax_scores(probe, &candidates, depth)
    }

    /// The move drawn among `scored`. `favoured`, a move another decider
    /// chose (the trap root's trap) with what it leads the best move by in
    /// centipawns (the trap's expected score over the plain move's, on the
    /// trap root's curve), joins them in the last one's place unless it is
    /// among them, and is counted at the best score plus that lead, so a
    /// limited engine sets the traps it finds the more often the more they
    /// are worth. `None` when fewer than two were scored.
    pub fn draw(
        &self,
        probe: &RootProbe<'_>,
        mut scored: Vec<(Move, i32)>,
        favoured: Option<(Move, i32)>,
    ) -> Option<Move> {
        if scored.len() < 2 {
            return favoured.map(|(mv, _)| mv);
        }
        if let Some((favoured, lead)) = favoured {
            let best = scored.iter().map(|&(_, score)| score).max().unwrap_or(-INFINITY);
            if !scored.iter().any(|&(mv, _)| mv == favoured) {
                scored.pop();
                scored.push((favoured, best));
            }
            scored
                .iter_mut()
                .filter(|(mv, _)| *mv == favoured)
                .for_each(|(_, score)| *score = best.saturating_add(lead));
        }
        let scores: Vec<i32> = scored.iter().map(|&(_, score)| score).collect();
        let tunables = probe.tunables();
        let index = softmax_index(&scores, tunables.weak_temperature, probe.root().hash(), tunables.weak_seed);
        Some(scored[index].0)
    }
}

/// Each of `candidates` (root moves, best first) with its score, searched
/// with a full window to `depth` (the plies after it, one less than the
/// search reached); a candidate the budget or the clock cuts off is left
/// out, and so are all after it.
fn softmax_scores(probe: &mut RootProbe<'_>, candidates: &[Move], depth: i32) -> Vec<(Move, i32)> {
    let mut scored = Vec::with_capacity(candidates.len());
    for &mv in candidates {
        let Some(score) = probe.search(&[mv], depth - 1, -INFINITY, INFINITY) else { break };
        scored.push((mv, score));
    }
    scored
}
