//! What a search is asked: the position, the game that led to it (for
//! repetitions), the limits, how many lines, and who hears of each
//! finished iteration.
//! Every search entry point takes this one value.

use super::{SearchLimits, SearchReport};
use movegen::{Board, Move};

pub struct SearchRequest<'a> {
    pub board: &'a Board,
    /// The keys of the positions before `board` in the game, oldest first.
    pub game_keys: &'a [u64],
    pub limits: &'a SearchLimits,
    /// The positions before `board` in the game, oldest first, where the
    /// caller has them: a root policy may read them (a human-move network
    /// reads the game's history). The search itself uses `game_keys`.
    pub positions: &'a [Board],
    /// The lines searched and reported (MultiPV): the best root move, the
    /// best of the rest, and so on. 1 is the plain search.
    pub lines: usize,
    report: Option<&'a mut dyn FnMut(&SearchReport)>,
}

impl<'a> SearchRequest<'a> {
    /// A search of `board` as if the game started there, reporting to no one.
    pub fn new(board: &'a Board, limits: &'a SearchLimits) -> SearchRequest<'a> {
        SearchRequest { board, game_keys: &[], limits, positions: &[], lines: 1, report: None }
    }

    /// The same request, with the game's earlier positions.
    pub fn after(self, game_keys: &'a [u64]) -> SearchRequest<'a> {
        SearchRequest { game_keys, ..self }
    }

    /// The same request, with the game's earlier positions for a root
    /// policy to read.
    pub fn with_positions(self, positions: &'a [Board]) -> SearchRequest<'a> {
        SearchRequest { positions, ..self }
    }

    /// The same request, searching and reporting `lines` lines (MultiPV).
    pub fn with_lines(self, lines: usize) -> SearchRequest<'a> {
        SearchRequest { lines: lines.max(1), ..self }
    }

    /// The same request, with `report` called after every completed iteration.
    pub fn reporting(self, report: &'a mut dyn FnMut(&SearchReport)) -> SearchRequest<'a> {
        SearchRequest { report: Some(report), ..self }
    }

    pub(super) fn report(&mut self, report: &SearchReport) {
        if let Some(listener) = self.report.as_mut() {
            listener(report);
        }
    }
}

impl SearchLimits {
    /// The root moves a search may choose from `legal`: those `searchmoves`
    /// names, or all of them when it names none that is legal.
    pub fn allowed_root_moves(&self, legal: impl IntoIterator<Item = Move>) -> Vec<Move> {
        let legal: Vec<Move> = legal.into_iter().collect();
        match &self.root_moves {
            Some(allowed) if legal.iter().any(|mv| allowed.contains(mv)) => {
                legal.into_iter().filter(|mv| allowed.contains(mv)).collect()
            }
            _ => legal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searchmoves_restricts_the_root_unless_it_names_no_legal_move() {
        let board = Board::startpos();
        let legal: Vec<Move> = board.legal_moves().iter().copied().collect();
        let e4 = board.parse_uci_move("e2e4").expect("legal");
        let restricted = SearchLimits { root_moves: Some(vec![e4]), ..SearchLimits::default() };
        assert_eq!(restricted.allowed_root_moves(legal.iter().copied()), vec![e4]);
        let illegal = Board::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").expect("valid");
        let elsewhere: Vec<Move> = illegal.legal_moves().iter().copied().collect();
        assert_eq!(restricted.allowed_root_moves(elsewhere.iter().copied()), elsewhere);
        assert_eq!(SearchLimits::default().allowed_root_moves(legal.iter().copied()).len(), 20);
    }
}
