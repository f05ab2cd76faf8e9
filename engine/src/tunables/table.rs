//! The table: every named parameter once, with its default, range, SPSA
//! step, kind, and whether a GUI's option list shows it.

use super::{PieceSquareWeights, TunableKind, TunableSpec};

/// A row's kind when it names none: a quantity of the engine's strength.
macro_rules! kind_or_strength {
    () => {
        TunableKind::Strength
    };
    ($kind:expr) => {
        $kind
    };
}

/// Whether a row is marked `shown`.
macro_rules! is_shown {
    () => {
        false
    };
    (shown) => {
        true
    };
}

macro_rules! declare_tunables {
    ($($field:ident : $name:literal = $default:expr, $min:expr, $max:expr, $step:expr
        $(=> $kind:expr)? $(, $shown:ident)?;)*) => {
        /// Current values of every tunable.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Tunables {
            $(pub $field: i32,)*
            /// The piece-square weights, named `Pst<Piece><square><Mg|Eg>`.
            pub piece_square: PieceSquareWeights,
        }

        impl Default for Tunables {
            fn default() -> Tunables {
                Tunables { $($field: $default,)* piece_square: PieceSquareWeights::default() }
            }
        }

        /// The table, in declaration order.
        pub const TUNABLE_SPECS: &[TunableSpec] = &[
            $(TunableSpec {
                name: $name,
                default: $default,
                min: $min,
                max: $max,
                step: $step,
                kind: kind_or_strength!($($kind)?),
                shown: is_shown!($($shown)?),
            },)*
        ];

        impl Tunables {
            pub(crate) fn slot(&mut self, index: usize) -> Option<&mut i32> {
                let slots = [$(&mut self.$field,)*];
                slots.into_iter().nth(index)
            }

            pub(crate) fn value(&self, index: usize) -> Option<i32> {
                [$(self.$field,)*].get(index).copied()
            }
        }
    };
}

declare_tunables! {
    // Material, middlegame and endgame.
    pawn_mg: "PawnValueMg" = 105, 40, 200, 5 => TunableKind::Evaluation;
    pawn_eg: "PawnValueEg" = 75, 40, 250, 5 => TunableKind::Evaluation;
    knight_mg: "KnightValueMg" = 471, 200, 500, 10 => TunableKind::Evaluation;
    knight_eg: "KnightValueEg" = 243, 200, 500, 10 => TunableKind::Evaluation;
    bishop_mg: "BishopValueMg" = 497, 200, 500, 10 => TunableKind::Evaluation;
    bishop_eg: "BishopValueEg" = 259, 200, 500, 10 => TunableKind::Evaluation;
    rook_mg: "RookValueMg" = 641, 300, 700, 12 => TunableKind::Evaluation;
    rook_eg: "RookValueEg" = 496, 300, 800, 12 => TunableKind::Evaluation;
    queen_mg: "QueenValueMg" = 1241, 700, 1400, 20 => TunableKind::Evaluation;
    queen_eg: "QueenValueEg" = 959, 700, 1400, 20 => TunableKind::Evaluation;
    // Mobility per reachable square, relative to a typical count.
    knight_mobility_mg: "KnightMobilityMg" = 9, -10, 40, 1 => TunableKind::Evaluation;
    knight_mobility_eg: "KnightMobilityEg" = -7, -10, 40, 1 => TunableKind::Evaluation;
    bishop_mobility_mg: "BishopMobilityMg" = 8, -10, 40, 1 => TunableKind::Evaluation;
    bishop_mobility_eg: "BishopMobilityEg" = 4, -10, 40, 1 => TunableKind::Evaluation;
    rook_mobility_mg: "RookMobilityMg" = 6, -10, 40, 1 => TunableKind::Evaluation;
    rook_mobility_eg: "RookMobilityEg" = 2, -10, 40, 1 => TunableKind::Evaluation;
    queen_mobility_mg: "QueenMobilityMg" = 4, -10, 40, 1 => TunableKind::Evaluation;
    queen_mobility_eg: "QueenMobilityEg" = 1, -10, 40, 1 => TunableKind::Evaluation;
    // Pawn structure.
    // Passed pawns by relative rank, then blocked, then king distances
    // (both scaled by how far the pawn has come).
    passed_rank2_mg: "PassedRank2Mg" = 6, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank2_eg: "PassedRank2Eg" = 30, -50, 400, 4 => TunableKind::Evaluation;
    passed_rank3_mg: "PassedRank3Mg" = -17, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank3_eg: "PassedRank3Eg" = -11, -50, 400, 4 => TunableKind::Evaluation;
    passed_rank4_mg: "PassedRank4Mg" = 5, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank4_eg: "PassedRank4Eg" = -13, -50, 400, 4 => TunableKind::Evaluation;
    passed_rank5_mg: "PassedRank5Mg" = 30, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank5_eg: "PassedRank5Eg" = -19, -50, 400, 4 => TunableKind::Evaluation;
    passed_rank6_mg: "PassedRank6Mg" = 35, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank6_eg: "PassedRank6Eg" = 20, -50, 400, 4 => TunableKind::Evaluation;
    passed_rank7_mg: "PassedRank7Mg" = 140, -50, 300, 4 => TunableKind::Evaluation;
    passed_rank7_eg: "PassedRank7Eg" = 65, -50, 400, 4 => TunableKind::Evaluation;
    passed_blocked_mg: "PassedBlockedMg" = 9, -30, 60, 2 => TunableKind::Evaluation;
    passed_blocked_eg: "PassedBlockedEg" = 7, -30, 60, 2 => TunableKind::Evaluation;
    passed_our_king_eg: "PassedOurKingEg" = 5, -20, 40, 1 => TunableKind::Evaluation;
    passed_their_king_eg: "PassedTheirKingEg" = 6, -20, 40, 1 => TunableKind::Evaluation;
    isolated_pawn_mg: "IsolatedPawnMg" = 14, -25, 100, 2 => TunableKind::Evaluation;
    isolated_pawn_eg: "IsolatedPawnEg" = 8, -25, 100, 2 => TunableKind::Evaluation;
    doubled_pawn_mg: "DoubledPawnMg" = 2, -25, 100, 2 => TunableKind::Evaluation;
    doubled_pawn_eg: "DoubledPawnEg" = 9, -30, 120, 2 => TunableKind::Evaluation;
    backward_pawn_mg: "BackwardPawnMg" = 9, -30, 80, 2 => TunableKind::Evaluation;
    backward_pawn_eg: "BackwardPawnEg" = 9, -30, 80, 2 => TunableKind::Evaluation;
    pawn_supported_mg: "PawnSupportedMg" = 18, -30, 80, 2 => TunableKind::Evaluation;
    pawn_supported_eg: "PawnSupportedEg" = 7, -30, 80, 2 => TunableKind::Evaluation;
    pawn_phalanx_mg: "PawnPhalanxMg" = 7, -30, 80, 2 => TunableKind::Evaluation;
    pawn_phalanx_eg: "PawnPhalanxEg" = 5, -30, 80, 2 => TunableKind::Evaluation;
    // King safety.
    king_attack_weight: "KingAttackWeight" = 31, 0, 120, 2 => TunableKind::Evaluation;
    king_shield_mg: "KingShieldMg" = 9, -20, 80, 2 => TunableKind::Evaluation;
    king_open_file_mg: "KingOpenFileMg" = 21, -30, 120, 3 => TunableKind::Evaluation;
    // Pieces.
    bishop_pair_mg: "BishopPairMg" = 23, -40, 160, 4 => TunableKind::Evaluation;
    bishop_pair_eg: "BishopPairEg" = 67, -50, 200, 4 => TunableKind::Evaluation;
    rook_open_file_mg: "RookOpenFileMg" = 43, -40, 160, 3 => TunableKind::Evaluation;
    rook_open_file_eg: "RookOpenFileEg" = -6, -30, 120, 3 => TunableKind::Evaluation;
    rook_semi_open_mg: "RookSemiOpenMg" = 16, -30, 120, 3 => TunableKind::Evaluation;
    rook_semi_open_eg: "RookSemiOpenEg" = 19, -20, 80, 3 => TunableKind::Evaluation;
    knight_outpost_mg: "KnightOutpostMg" = 21, -30, 100, 3 => TunableKind::Evaluation;
    knight_outpost_eg: "KnightOutpostEg" = 33, -30, 100, 3 => TunableKind::Evaluation;
    // Threats against enemy pieces.
    threat_by_pawn_mg: "ThreatByPawnMg" = 47, -30, 200, 4 => TunableKind::Evaluation;
    threat_by_pawn_eg: "ThreatByPawnEg" = 30, -30, 200, 4 => TunableKind::Evaluation;
    threat_by_minor_mg: "ThreatByMinorMg" = 38, -30, 200, 4 => TunableKind::Evaluation;
    threat_by_minor_eg: "ThreatByMinorEg" = 13, -30, 200, 4 => TunableKind::Evaluation;
    threat_by_rook_mg: "ThreatByRookMg" = 40, -30, 200, 4 => TunableKind::Evaluation;
    threat_by_rook_eg: "ThreatByRookEg" = 15, -30, 200, 4 => TunableKind::Evaluation;
    hanging_piece_mg: "HangingPieceMg" = 20, -30, 200, 4 => TunableKind::Evaluation;
    hanging_piece_eg: "HangingPieceEg" = 29, -30, 200, 4 => TunableKind::Evaluation;
    tempo: "Tempo" = 23, 0, 60, 2 => TunableKind::Evaluation;
    // Search.
    aspiration_window: "AspirationWindow" = 20, 5, 100, 3;
    // How much worse than 0 a draw is for the engine: above 0 against a
    // weaker opponent, below against a stronger one (opponent.rs).
    contempt: "Contempt" = 0, -1000, 1000, 5;
    null_move_base: "NullMoveBase" = 3, 1, 6, 1;
    null_move_divisor: "NullMoveDivisor" = 4, 2, 10, 1;
    rfp_depth: "RfpDepth" = 7, 1, 12, 1;
    rfp_margin: "RfpMargin" = 75, 20, 200, 8;
    lmr_base: "LmrBase" = 75, 0, 200, 8;
    lmr_divisor: "LmrDivisor" = 225, 100, 400, 12;
    // A quiet's history over this is one ply less (or more) reduction.
    lmr_history: "LmrHistory" = 8192, 2048, 32768, 512;
    delta_margin: "DeltaMargin" = 200, 50, 500, 15;
    lmp_depth: "LmpDepth" = 6, 0, 12, 1;
    futility_depth: "FutilityDepth" = 6, 0, 12, 1;
    futility_base: "FutilityBase" = 60, 0, 300, 10;
    futility_margin: "FutilityMargin" = 90, 20, 300, 8;
    iir_depth: "IirDepth" = 4, 2, 12, 1;
    // The table's move is searched a ply deeper when, from this depth, a
    // search without it falls this many centipawns per ply below its score.
    singular_depth: "SingularDepth" = 8, 4, 14, 1;
    singular_margin: "SingularMargin" = 2, 1, 8, 1;
    // Moves whose exchange loses more than the margin (per ply for quiets,
    // per ply squared for captures) are skipped this near the leaves.
    see_depth: "SeeDepth" = 8, 0, 12, 1;
    see_quiet_margin: "SeeQuietMargin" = 60, 0, 200, 8;
    see_capture_margin: "SeeCaptureMargin" = 20, 0, 100, 3;
    // Time. Without movestogo the clock is shared as if this many moves were
    // left: each move takes a share of what is left, so the clock shrinks
    // geometrically, and a settled root stops well before its soft limit
    // (about two fifths of the share used). At 25 the engine ended 60s+0.6s
    // games with a quarter of its clock unused.
    time_moves_to_go: "TimeMovesToGo" = 16, 8, 50, 2;
    // The soft limit's scale from the root's stability (root_stability.rs).
    time_node_base: "TimeNodeBase" = 150, 100, 250, 5;
    time_node_scale: "TimeNodeScale" = 135, 50, 250, 8;
    time_stable_base: "TimeStableBase" = 130, 80, 200, 5;
    time_stable_step: "TimeStableStep" = 8, 0, 20, 1;
    time_stable_min: "TimeStableMin" = 70, 30, 100, 4;
    time_score_fall: "TimeScoreFall" = 75, 0, 200, 8;
    // Trappy root (see docs/trappy-root.md). Traps says when it sets traps:
    // auto, against an opponent known to be fallible (a human, or rated
    // well below the engine); on, whatever is known; off, never (the plain
    // engine, node for node). TrapTrust is the trust in the opponent
    // model, in percent (the natural model's is half unless set:
    // trappy/stance.rs says why). A reply's value counts up to TrapProfitCap above
    // the plain score; the likeliest replies are
    // searched until they carry TrapCoverage permille of the model's
    // probability (docs/trappy-root.md says why 800).
    trap_mode: "Traps" = 0, 0, 2, 1 => TunableKind::Choice(&["auto", "on", "off"]), shown;
    trap_trust: "TrapTrust" = 100, 1, 100, 10, shown;
    trap_profit_cap: "TrapProfitCap" = 600, 0, 2000, 20;
    trap_coverage: "TrapCoverage" = 800, 0, 1000, 25;
    // Where the opponent moves again after our answer to its likeliest
    // reply, its node counts as TrapMix percent its minimax value and the
    // rest the model's expectation over its likely replies there; at 100
    // the opponent is perfect beyond its first reply and nothing is
    // searched for it. A network's default; the natural model looks at
    // nothing beyond unless it is set (trappy/stance.rs says why;
    // docs/results/opponent-beyond-first-reply.md).
    trap_mix: "TrapMix" = 50, 0, 100, 10;
    // The opponent models' own parameters (OpponentModel says which model):
    // the natural model's softmax temperature in centipawns, and the plies
    // the searched model searches less than we do.
    trap_temperature: "TrapTemperature" = 50, 5, 400, 5;
    trap_opponent_gap: "TrapOpponentGap" = 2, 2, 6, 1;
    // The score-to-result curve of the expected score (expected.rs): even
    // at TrapResultCentre, TrapResultScale cp per unit; the engine's own
    // curve (0, 400) by default.
    trap_result_centre: "TrapResultCentre" = 0, -3000, 3000, 100, shown;
    trap_result_scale: "TrapResultScale" = 400, 100, 4000, 50, shown;
    trap_budget: "TrapBudget" = 50, 0, 1000, 5, shown;
    // auto: against a human rated well below, a piece or more behind, the
    // built-in odds network evaluates (trappy/odds_network.rs); off: never.
    odds_network: "OddsNetwork" = 0, 0, 1, 1 => TunableKind::Choice(&["auto", "off"]), shown;
    // Fallible opponent models (see fallible/), all off by default: options,
    // not strength parameters, so `trappy spsa` leaves them out.
    weak_depth: "WeakDepth" = 0, 0, 60, 1 => TunableKind::OpponentModel;
    weak_nodes: "WeakNodes" = 0, 0, 100_000_000, 1000 => TunableKind::OpponentModel;
    weak_eval_noise: "WeakEvalNoise" = 0, 0, 1000, 10 => TunableKind::OpponentModel;
    weak_top_k: "WeakTopK" = 1, 1, 16, 1 => TunableKind::OpponentModel;
    weak_temperature: "WeakTemperature" = 50, 1, 1000, 10 => TunableKind::OpponentModel;
    weak_seed: "WeakSeed" = 0, 0, 1_000_000_000, 1 => TunableKind::OpponentModel;
}
