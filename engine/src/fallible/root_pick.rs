//! The softmax pick at the root (`WeakTopK` > 1): the k leading root moves
//! get exact scores and one of them is drawn, like a player who sees the
//! good moves but does not always pick the best. The search calls it once
//! it is done, within a budget it sets, through the same window on the
//! root a root policy gets.

use super::softmax_index;
use crate::search::root_policy::RootProbe;
use crate::search::score::INFINITY;
use movegen::Move;

/// The move drawn among `candidates` (the leading root moves, best first)
/// and its score, or `None` when fewer than two could be scored. Each is
/// searched with a full window to `depth` (the plies after it, one less
/// than the search reached); a candidate the budget or the clock cuts off
/// is left out of the draw.
pub fn softmax_pick(probe: &mut RootProbe<'_>, candidates: &[Move], depth: i32) -> Option<(Move, i32)> {
    let mut scored = Vec::with_capacity(candidates.len());
    for &mv in candidates {
        let Some(score) = probe.search(&[mv], depth - 1, -INFINITY, INFINITY) else { break };
        scored.push((mv, score));
    }
    if scored.len() < 2 {
        return None;
    }
    let scores: Vec<i32> = scored.iter().map(|&(_, score)| score).collect();
    let tunables = probe.tunables();
    let index = softmax_index(&scores, tunables.weak_temperature, probe.root().hash(), tunables.weak_seed);
    Some(scored[index])
}
