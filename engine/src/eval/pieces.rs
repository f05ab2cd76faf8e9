//! Piece activity: mobility, bishop pair, rooks on open files, knight
//! outposts, and the squares each side attacks (for threats and king
//! safety).

use super::pawns::{adjacent_files, ranks_ahead, relative_rank};
use crate::tunables::Tunables;
use crate::tunables::S;
use movegen::{king_attacks, piece_attacks, Bitboard, Board, Color, Piece, Square};

/// Attack count a piece typically has; mobility scores the difference.
const TYPICAL_MOBILITY: [i32; 6] = [0, 4, 6, 6, 12, 0];

/// The squares one side attacks, by kind of attacker.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttackMap {
    pub by_pawns: Bitboard,
    pub by_minors: Bitboard,
    pub by_rooks: Bitboard,
    /// Every square attacked by any piece, king and pawns included.
    pub all: Bitboard,
}

pub struct PieceActivity {
    pub score: S,
    /// Attack units on the enemy king zone, and how many pieces add them.
    pub king_attack_units: i32,
    pub king_attackers: i32,
    pub attacks: AttackMap,
}

/// `pawn_attacks` holds the squares each side's pawns attack, by colour
/// index: both sides' activity needs both, so they are computed once.
pub fn piece_activity(
    board: &Board,
    color: Color,
    pawn_attacks: [Bitboard; 2],
    enemy_king_zone: Bitboard,
    t: &Tunables,
) -> PieceActivity {
    let occupied = board.occupied();
    let ours = board.color_bb(color);
    let our_pawns = board.colored(Piece::Pawn, color);
    let their_pawns = board.colored(Piece::Pawn, !color);
    let their_pawn_attacks = pawn_attacks[(!color).index()];
    let by_pawns = pawn_attacks[color.index()];
    let safe = !ours & !their_pawn_attacks;
    let mut attacks = AttackMap { by_pawns, all: by_pawns | king_attacks(board.king(color)), ..AttackMap::default() };
    let mut activity =
        PieceActivity { score: S(0, 0), king_attack_units: 0, king_attackers: 0, attacks: AttackMap::default() };
    let weights = [
        (Piece::Knight, S(t.knight_mobility_mg, t.knight_mobility_eg), 2),
        (Piece::Bishop, S(t.bishop_mobility_mg, t.bishop_mobility_eg), 2),
        (Piece::Rook, S(t.rook_mobility_mg, t.rook_mobility_eg), 3),
        (Piece::Queen, S(t.queen_mobility_mg, t.queen_mobility_eg), 5),
    ];
    for (piece, per_square, attack_unit) in weights {
        for square in board.colored(piece, color) {
            let piece_attacks = piece_attacks(piece, square, occupied);
            attacks.all |= piece_attacks;
            match piece {
                Piece::Knight | Piece::Bishop => attacks.by_minors |= piece_attacks,
                Piece::Rook => attacks.by_rooks |= piece_attacks,
                _ => {}
            }
            let mobility = (piece_attacks & safe).count() as i32 - TYPICAL_MOBILITY[piece.index()];
            activity.score += per_square * mobility;
            let zone_hits = (piece_attacks & enemy_king_zone).count() as i32;
            if zone_hits > 0 {
                activity.king_attackers += 1;
                activity.king_attack_units += zone_hits * attack_unit;
            }
        }
    }
    activity.attacks = attacks;
    if board.colored(Piece::Bishop, color).more_than_one() {
        activity.score += S(t.bishop_pair_mg, t.bishop_pair_eg);
    }
    for square in board.colored(Piece::Rook, color) {
        let file = Bitboard::file(square.file());
        if (file & our_pawns).is_empty() {
            activity.score += if (file & their_pawns).is_empty() {
                S(t.rook_open_file_mg, t.rook_open_file_eg)
            } else {
                S(t.rook_semi_open_mg, t.rook_semi_open_eg)
            };
        }
    }
    // A knight in the enemy half, guarded by a pawn, where no enemy pawn
    // can ever chase it away.
    for square in board.colored(Piece::Knight, color) {
        let rank = relative_rank(square, color);
        if (3..=5).contains(&rank) && by_pawns.has(square) && !can_be_chased(square, color, their_pawns) {
            activity.score += S(t.knight_outpost_mg, t.knight_outpost_eg);
        }
    }
    activity
}

/// Whether an enemy pawn on a neighbouring file, still behind `square`
/// from the enemy's view, could advance to attack it.
fn can_be_chased(square: Square, color: Color, their_pawns: Bitboard) -> bool {
    (adjacent_files(square.file()) & ranks_ahead(square, color) & their_pawns).is_nonempty()
}

#[cfg(test)]
mod tests {
    use crate::eval::linear_form::coefficient;

    #[test]
    fn a_guarded_knight_no_pawn_can_chase_is_an_outpost() {
        assert_eq!(coefficient("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", "KnightOutpostMg").0, 1.0);
        // c7 can still come to c6 and drive it away.
        assert_eq!(coefficient("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", "KnightOutpostMg").0, 0.0);
        // Unguarded, or in its own half: no outpost.
        assert_eq!(coefficient("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "KnightOutpostMg").0, 0.0);
        assert_eq!(coefficient("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", "KnightOutpostMg").0, 0.0);
    }
}
