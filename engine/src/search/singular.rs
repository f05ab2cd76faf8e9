//! Singular extensions: when the stored best move is much better than
//! every alternative, the node hinges on it, so it is searched one ply
//! deeper. The alternatives are checked by a reduced, null-window search
//! of the same node with that move excluded.

use super::score::MATE_BOUND;
use super::tt::{Bound, TtHit};
use super::Searcher;
use movegen::{Board, Move};

/// What the check concluded for the stored move.
pub(crate) enum Singularity {
    /// Search the stored move this many plies deeper (0: as usual).
    Extend(i32),
    /// Even without the stored move the node fails high: return this.
    Cutoff(i32),
}

impl Searcher {
    /// Tests the table's move at a node with no excluded move, not in
    /// check and below the root. Only a move stored from a search nearly as
    /// deep as this one, as a lower bound or exact, is trusted enough.
    pub(crate) fn singularity(&mut self, board: &Board, hit: &TtHit, depth: i32, beta: i32, ply: usize) -> Singularity {
        let trusted = depth >= self.tunables.singular_depth
            && !hit.mv.is_null()
            && hit.bound != Bound::Upper
            && hit.depth >= depth - 3
            && hit.score.abs() < MATE_BOUND;
        if !trusted {
            return Singularity::Extend(0);
        }
        let singular_beta = hit.score - self.tunables.singular_margin * depth;
        self.state.excluded[ply] = hit.mv;
        let score = self.negamax::<false>(board, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false);
        self.state.excluded[ply] = Move::NULL;
        if score < singular_beta {
            Singularity::Extend(1)
        } else if singular_beta >= beta {
            // Another move also beats beta: two moves do, so the node fails
            // high without the deeper search (multi-cut).
            Singularity::Cutoff(singular_beta)
        } else {
            Singularity::Extend(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{SearchLimits, SearchRequest};
    use crate::tunables::Tunables;

    /// Searches `fen` to depth 9, then asks whether `best` (the table's
    /// move, stored exact with the search's score) is singular at depth 10
    /// against `beta`, offset from that score. The margin is 8 cp a ply,
    /// far above what separates two moves that win the same queen.
    fn singularity_of(fen: &str, best: &str, beta_offset: i32) -> (Singularity, i32) {
        let board = Board::from_fen(fen).expect("valid");
        let mut searcher = Searcher::new(4);
        searcher.set_tunables(Tunables { singular_margin: 8, ..Tunables::default() });
        let result = searcher.search(SearchRequest::new(&board, &SearchLimits::depth(9)));
        let mv = board.parse_uci_move(best).expect("legal");
        let hit = TtHit { mv, score: result.score, eval: result.score, depth: 9, bound: Bound::Exact };
        (searcher.singularity(&board, &hit, 10, result.score + beta_offset, 1), result.score)
    }

    #[test]
    fn the_only_move_that_wins_the_queen_is_extended() {
        // Ne3xd5 wins the queen; every other move leaves White a queen down.
        let only = "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1";
        assert!(matches!(singularity_of(only, "e3d5", 1).0, Singularity::Extend(1)));
        assert!(matches!(singularity_of(only, "e3d5", -100).0, Singularity::Extend(1)));
    }

    #[test]
    fn a_move_with_a_twin_is_not_extended_and_cuts_off_below_the_margin() {
        // Nbxd5 and Nfxd5 both win the queen.
        let twins = "3k4/8/8/3q4/1N3N2/8/8/3K4 w - - 0 1";
        assert!(matches!(singularity_of(twins, "b4d5", 1).0, Singularity::Extend(0)));
        // Against a beta below the singular bound, the twin alone beats
        // it: the node fails high at that bound without the deeper search.
        let (singularity, score) = singularity_of(twins, "b4d5", -100);
        assert!(matches!(singularity, Singularity::Cutoff(bound) if bound == score - 80), "{score}");
    }
}
