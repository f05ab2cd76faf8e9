//! Board geometry on raw `u64` bitboards, computed the slow and obvious way.
//!
//! This file is compiled twice: by `build.rs`, which uses it to generate the
//! attack tables and verify the magics, and by the crate itself, where tests
//! check the fast tables against it. It must therefore depend on nothing.

/// Rook directions as (file step, rank step).
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file step, rank step).
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
pub const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The square reached from `square` by one step, or `None` off the board.
pub fn step(square: u8, (file_step, rank_step): (i8, i8)) -> Option<u8> {
    let file = (square % 8) as i8 + file_step;
    let rank = (square / 8) as i8 + rank_step;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as u8)
    } else {
        None
    }
}

/// Squares reached by single steps (knight, king).
pub fn leaper_attacks(square: u8, steps: &[(i8, i8)]) -> u64 {
    steps.iter().filter_map(|&s| step(square, s)).fold(0, |acc, to| acc | 1 << to)
}

/// Squares a pawn of the given colour (0 white, 1 black) attacks.
pub fn pawn_attacks(square: u8, color: usize) -> u64 {
    let forward = if color == 0 { 1 } else { -1 };
    leaper_attacks(square, &[(-1, forward), (1, forward)])
}

/// Slider attacks by walking each ray until it leaves the board or hits a
/// blocker (the blocker itself is attacked).
pub fn slider_attacks(square: u8, occupied: u64, directions: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = step(current, direction) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// The relevant-occupancy mask for a magic lookup: every ray square except
/// the last one on each ray, because a blocker on the edge changes nothing.
pub fn relevant_mask(square: u8, directions: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &direction in directions {
        let mut current = square;
        while let Some(next) = step(current, direction) {
            if step(next, direction).is_none() {
                break;
            }
            mask |= 1 << next;
            current = next;
        }
    }
    mask
}

/// Squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
pub fn between(a: u8, b: u8) -> u64 {
    for direction in ROOK_DIRECTIONS.iter().chain(BISHOP_DIRECTIONS.iter()) {
        let mut squares = 0;
        let mut current = a;
        while let Some(next) = step(current, *direction) {
            if next == b {
                return squares;
            }
            squares |= 1 << next;
            current = next;
        }
    }
    0
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned,
/// including both squares; empty otherwise.
pub fn line(a: u8, b: u8) -> u64 {
    for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
        if slider_attacks(a, 0, directions) & (1 << b) != 0 {
            return (slider_attacks(a, 0, directions) & slider_attacks(b, 0, directions)) | (1 << a) | (1 << b);
        }
    }
    0
}
