//! The policy's moves as lc0 numbers them: 1,858 moves seen from the side
//! to move (White's view; Black's moves are mirrored rank for rank).
//!
//! The list is every queen move and knight move from every square, by
//! from-square and then to-square in square order (a1 = 0, b1 = 1, ...,
//! h8 = 63), followed by the promotions from the seventh rank to the
//! eighth, by file and direction, each as queen, rook and bishop. A knight
//! promotion has no entry of its own: it is the plain pawn move. Castling
//! is the king's move onto its own rook (e1h1, e1a1), as lc0 writes it.
//!
//! A convolutional policy head has 73 planes of 64 squares instead, as
//! AlphaZero laid them out: 56 planes of queen moves (eight directions,
//! north first and then clockwise, by distance 1 to 7), 8 of knight moves,
//! and 9 of promotions (to the north-west, north and north-east, each as
//! rook, bishop and queen). `conv_sources` maps each listed move to the
//! plane and square its logit comes from.

use movegen::{Move, MoveKind, Piece, Square};
use std::sync::OnceLock;

/// How many moves the policy scores.
pub const POLICY_MOVES: usize = 1858;
/// Planes of a convolutional policy head that carry moves.
pub const CONV_POLICY_PLANES: usize = 73;

const QUEEN_DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const KNIGHT_JUMPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A promotion's piece in the list: none (a plain move or a knight
/// promotion), queen, rook, bishop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Promotion {
    None = 0,
    Queen = 1,
    Rook = 2,
    Bishop = 3,
}

struct Tables {
    /// `[promotion][from][to]` -> the move's place in the list.
    index: Vec<Option<u16>>,
    /// The list's moves: (from, to, promotion), White's view.
    moves: Vec<(usize, usize, Promotion)>,
    /// For each listed move, `plane * 64 + from` in a convolutional head.
    conv_sources: Vec<u16>,
}

fn offset(square: usize, (files, ranks): (i32, i32)) -> Option<usize> {
    let (file, rank) = ((square % 8) as i32 + files, (square / 8) as i32 + ranks);
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut moves = Vec::with_capacity(POLICY_MOVES);
        for from in 0..64 {
            for to in 0..64 {
                let (files, ranks) = ((to % 8) as i32 - (from % 8) as i32, (to / 8) as i32 - (from / 8) as i32);
                let queen = from != to && (files == 0 || ranks == 0 || files.abs() == ranks.abs());
                let knight = files.abs() * ranks.abs() == 2;
                if queen || knight {
                    moves.push((from, to, Promotion::None));
                }
            }
        }
        for file in 0..8 {
            for step in [-1, 0, 1] {
                if let Some(to) = offset(48 + file, (step, 1)) {
                    for promotion in [Promotion::Queen, Promotion::Rook, Promotion::Bishop] {
                        moves.push((48 + file, to, promotion));
                    }
                }
            }
        }
        let mut index = vec![None; 4 * 64 * 64];
        for (place, &(from, to, promotion)) in moves.iter().enumerate() {
            index[(promotion as usize * 64 + from) * 64 + to] = Some(place as u16);
        }
        let mut conv_sources = vec![0u16; moves.len()];
        let mut plane = 0;
        let mut source = |plane: usize, from: usize, to: Option<usize>, promotion: Promotion| {
            if let Some(place) = to.and_then(|to| index[(promotion as usize * 64 + from) * 64 + to]) {
                conv_sources[place as usize] = (plane * 64 + from) as u16;
            }
        };
        for direction in QUEEN_DIRECTIONS {
            for distance in 1..8 {
                for from in 0..64 {
                    source(
                        plane,
                        from,
                        offset(from, (direction.0 * distance, direction.1 * distance)),
                        Promotion::None,
                    );
                }
                plane += 1;
            }
        }
        for jump in KNIGHT_JUMPS {
            for from in 0..64 {
                source(plane, from, offset(from, jump), Promotion::None);
            }
            plane += 1;
        }
        for step in [-1, 0, 1] {
            for promotion in [Promotion::Rook, Promotion::Bishop, Promotion::Queen] {
                for from in 48..56 {
                    source(plane, from, offset(from, (step, 1)), promotion);
                }
                plane += 1;
            }
        }
        debug_assert_eq!(plane, CONV_POLICY_PLANES);
        Tables { index, moves, conv_sources }
    })
}

/// The place of `mv`, played by the side to move, in the policy's list;
/// `white_to_move` says whose move it is (Black's are mirrored).
pub fn policy_index(mv: Move, white_to_move: bool) -> Option<usize> {
    let view = |square: Square| if white_to_move { square.index() } else { square.index() ^ 56 };
    let (from, mut to) = (view(mv.from()), view(mv.to()));
    if mv.kind() == MoveKind::Castle {
        // The king's move onto its rook: the rook stands in the corner.
        to = if to > from { from | 7 } else { from & !7 };
    }
    let promotion = match mv.promotion() {
        Some(Piece::Queen) => Promotion::Queen,
        Some(Piece::Rook) => Promotion::Rook,
        Some(Piece::Bishop) => Promotion::Bishop,
        _ => Promotion::None,
    };
    tables().index[(promotion as usize * 64 + from) * 64 + to].map(usize::from)
}

/// The listed move at `place` as lc0 prints it from White's view
/// ("e1h1", "a7a8q").
pub fn policy_move_name(place: usize) -> Option<String> {
    let &(from, to, promotion) = tables().moves.get(place)?;
    let name = |square: usize| format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1);
    let suffix = match promotion {
        Promotion::None => "",
        Promotion::Queen => "q",
        Promotion::Rook => "r",
        Promotion::Bishop => "b",
    };
    Some(format!("{}{}{suffix}", name(from), name(to)))
}

/// Where a convolutional policy head puts the logit of the listed move at
/// `place`: `plane * 64 + square`.
pub fn conv_source(place: usize) -> usize {
    usize::from(tables().conv_sources[place])
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Board;

    #[test]
    fn the_list_has_lc0s_size_and_order() {
        assert_eq!(tables().moves.len(), POLICY_MOVES);
        let names: Vec<String> = (0..POLICY_MOVES).filter_map(policy_move_name).collect();
        // The first moves from a1, the last from h8 and the promotions.
        assert_eq!(&names[..8], &["a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1", "a1a2"]);
        assert_eq!(&names[1790..1795], &["h8f8", "h8g8", "a7a8q", "a7a8r", "a7a8b"]);
        assert_eq!(names.last().map(String::as_str), Some("h7h8b"));
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), POLICY_MOVES);
    }

    #[test]
    fn every_legal_move_of_many_positions_has_a_place() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).expect("valid");
            let white = board.side_to_move() == movegen::Color::White;
            let places: Vec<usize> =
                board.legal_moves().iter().map(|&mv| policy_index(mv, white).expect("listed")).collect();
            let distinct: std::collections::HashSet<&usize> = places.iter().collect();
            assert_eq!(distinct.len(), places.len(), "{fen}: two moves share a place");
        }
    }

    #[test]
    fn black_moves_are_mirrored_and_castling_goes_onto_the_rook() {
        let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").expect("valid");
        let long = board.parse_uci_move("e8c8").expect("legal");
        assert_eq!(policy_index(long, false).and_then(policy_move_name).as_deref(), Some("e1a1"));
        let push = Board::startpos().parse_uci_move("e2e4").expect("legal");
        let answer = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .expect("valid")
            .parse_uci_move("e7e5")
            .expect("legal");
        assert_eq!(policy_index(push, true), policy_index(answer, false));
        let promotions = Board::from_fen("3k4/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
        let named =
            |text: &str| policy_index(promotions.parse_uci_move(text).expect("legal"), true).and_then(policy_move_name);
        assert_eq!(named("a7a8q").as_deref(), Some("a7a8q"));
        assert_eq!(named("a7a8n").as_deref(), Some("a7a8"));
    }

    #[test]
    fn the_convolution_planes_cover_every_move_once() {
        let sources: std::collections::HashSet<usize> = (0..POLICY_MOVES).map(conv_source).collect();
        assert_eq!(sources.len(), POLICY_MOVES);
        assert!(sources.iter().all(|&source| source < CONV_POLICY_PLANES * 64));
        // North by one from a1 is the first plane; a7a8 as a queen comes
        // from the north queen-promotion plane (plane 69).
        let a1a2 = (0..POLICY_MOVES).find(|&p| policy_move_name(p).as_deref() == Some("a1a2")).expect("listed");
        assert_eq!(conv_source(a1a2), 0);
        let a7a8q = (0..POLICY_MOVES).find(|&p| policy_move_name(p).as_deref() == Some("a7a8q")).expect("listed");
        assert_eq!(conv_source(a7a8q), 69 * 64 + 48);
    }
}
