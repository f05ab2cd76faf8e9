//! One game end to end: real in-process engines, and fake players for
//! every failure path.

use matches::adjudication::AdjudicationRules;
use matches::game::{play_game, GameLabels, GameSettings, LimitSpec};
use matches::game_record::{GameResult, Termination};
use matches::in_process::InProcessPlayer;
use matches::openings::Opening;
use matches::player::{MoveLimit, Player, PlayerError, PlayerMove, TrappyChoice};
use movegen::{Board, Move};
use std::time::Duration;

fn labels() -> GameLabels {
    GameLabels { event: "test".into(), site: "here".into(), date: "2026.11.20".into(), round: "1".into() }
}

fn settings() -> GameSettings {
    GameSettings { adjudication: AdjudicationRules::default(), time_margin: Duration::from_millis(50) }
}

/// Plays the first legal move, or fails in a chosen way on a chosen move.
struct FakePlayer {
    name: String,
    fail_on_move: usize,
    failure: Option<PlayerError>,
    illegal: bool,
    delay: Duration,
    moves_made: usize,
}

impl FakePlayer {
    fn new(name: &str) -> FakePlayer {
        FakePlayer {
            name: name.into(),
            fail_on_move: usize::MAX,
            failure: None,
            illegal: false,
            delay: Duration::ZERO,
            moves_made: 0,
        }
    }
}

impl Player for FakePlayer {
    fn name(&self) -> &str {
        &self.name
    }
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.moves_made = 0;
        Ok(())
    }
    fn choose_move(&mut self, start: &Board, moves: &[Move], _limit: &MoveLimit) -> Result<PlayerMove, PlayerError> {
        self.moves_made += 1;
        std::thread::sleep(self.delay);
        let mut board = start.clone();
        for &mv in moves {
            board.play(mv);
        }
        if self.moves_made >= self.fail_on_move {
            if let Some(error) = self.failure.clone() {
                return Err(error);
            }
            if self.illegal {
                // A move of the opponent's pieces: never legal here.
                let mut passed = board.clone();
                passed.play_null();
                let mv = passed.legal_moves()[0];
                return Ok(PlayerMove::bare(mv));
            }
        }
        let mv = board.legal_moves()[0];
        Ok(PlayerMove { score_cp: Some(0), depth: Some(1), ..PlayerMove::bare(mv) })
    }
}

fn opening() -> Opening {
    Opening { start: Board::startpos(), moves: vec![] }
}

#[test]
fn two_engines_finish_a_game_by_the_rules_or_adjudication() {
    let mut white = InProcessPlayer::new("trappy", &[], 4).expect("valid");
    let mut black = InProcessPlayer::new("plain", &[("Traps".into(), 2)], 4).expect("valid");
    let book = Opening {
        start: Board::startpos(),
        moves: ["e2e4", "e7e5"]
            .iter()
            .scan(Board::startpos(), |b, t| {
                let mv = b.parse_uci_move(t).ok()?;
                b.play(mv);
                Some(mv)
            })
            .collect(),
    };
    let game = play_game(
        [&mut white, &mut black],
        [&LimitSpec::Depth(3), &LimitSpec::Depth(3)],
        &book,
        &GameSettings {
            adjudication: AdjudicationRules { max_moves: Some(60), ..AdjudicationRules::default() },
            ..settings()
        },
        &labels(),
    );
    assert_eq!(game.moves[0].reply.note.as_deref(), Some("book"));
    let mut board = Board::startpos();
    for record in &game.moves {
        assert!(board.is_legal(record.reply.mv));
        board.play(record.reply.mv);
    }
    assert!(game.moves.len() <= 120);
    assert!(matches!(
        game.termination,
        Termination::Checkmate
            | Termination::Stalemate
            | Termination::ThreefoldRepetition
            | Termination::FiftyMoveRule
            | Termination::InsufficientMaterial
            | Termination::MaxMoves
    ));
}

#[test]
fn every_player_failure_is_a_loss_with_its_reason() {
    let cases: Vec<(FakePlayer, Termination)> = vec![
        (
            FakePlayer {
                fail_on_move: 3,
                failure: Some(PlayerError::Crashed("died".into())),
                ..FakePlayer::new("crasher")
            },
            Termination::Crash,
        ),
        (
            FakePlayer {
                fail_on_move: 2,
                failure: Some(PlayerError::Stalled("no bestmove".into())),
                ..FakePlayer::new("hanger")
            },
            Termination::Stall,
        ),
        (FakePlayer { fail_on_move: 4, illegal: true, ..FakePlayer::new("cheater") }, Termination::IllegalMove),
        (
            FakePlayer {
                fail_on_move: 1,
                failure: Some(PlayerError::StartFailed("no uciok".into())),
                ..FakePlayer::new("slow starter")
            },
            Termination::Crash,
        ),
    ];
    for (mut bad, termination) in cases {
        let mut good = FakePlayer::new("good");
        let game = play_game(
            [&mut good, &mut bad],
            [&LimitSpec::Depth(1), &LimitSpec::Depth(1)],
            &opening(),
            &settings(),
            &labels(),
        );
        assert_eq!(game.termination, termination, "{}", game.black);
        assert_eq!(game.result, GameResult::WhiteWins, "{}", game.black);
    }
}

#[test]
fn a_flag_fall_is_a_time_forfeit() {
    // 400 ms per move on a 1 s clock: the flag falls by the third move
    // whatever the machine's load; the outcome, not the timing, is tested.
    let mut slow = FakePlayer { delay: Duration::from_millis(400), ..FakePlayer::new("slow") };
    let mut fast = FakePlayer::new("fast");
    let clock = LimitSpec::Clock { base: Duration::from_millis(1000), increment: Duration::ZERO, moves: None };
    let game = play_game([&mut slow, &mut fast], [&clock, &clock], &opening(), &settings(), &labels());
    assert_eq!(game.termination, Termination::TimeForfeit);
    assert_eq!(game.result, GameResult::BlackWins);
    assert!(game.moves.len() <= 6);
}

/// Plays the first legal move and claims that the opponent's first legal
/// reply is a trap, which a `FakePlayer` (first legal move) always plays.
struct TrapSetter;

impl Player for TrapSetter {
    fn name(&self) -> &str {
        "setter"
    }
    fn new_game(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }
    fn choose_move(&mut self, start: &Board, moves: &[Move], _limit: &MoveLimit) -> Result<PlayerMove, PlayerError> {
        let mut board = start.clone();
        for &mv in moves {
            board.play(mv);
        }
        let legal = board.legal_moves();
        let mv = legal[0];
        board.play(mv);
        let predicted_reply = board.legal_moves().first().copied();
        let trap_replies = predicted_reply.into_iter().collect();
        // Plain would have played the second move, when there is one.
        let plain_move = *legal.get(1).unwrap_or(&mv);
        // Our score grows by 2 cp a move, so each sprung trap realises 2 cp.
        Ok(PlayerMove {
            trappy: Some(TrappyChoice { plain_move, trap_replies, predicted_reply }),
            score_cp: Some(moves.len() as i32),
            ..PlayerMove::bare(mv)
        })
    }
}

#[test]
fn traps_set_and_fallen_into_are_counted_and_marked() {
    let mut setter = TrapSetter;
    let mut victim = FakePlayer::new("victim");
    let game = play_game(
        [&mut setter, &mut victim],
        [&LimitSpec::Depth(1), &LimitSpec::Depth(1)],
        &opening(),
        &GameSettings {
            adjudication: AdjudicationRules { max_moves: Some(6), ..AdjudicationRules::default() },
            ..settings()
        },
        &labels(),
    );
    assert_eq!(game.termination, Termination::MaxMoves);
    let [white, black] = game.trappy_counts();
    assert_eq!((white.moves, white.traps_set, white.traps_fallen), (6, 6, 6));
    assert_eq!(white.differs, 6);
    assert_eq!((white.predictions, white.predictions_played), (6, 6));
    // The last trap has no later move of ours to measure it by.
    assert_eq!(white.profit_realised_cp, 5 * 2);
    assert_eq!(black, Default::default());
    // Each sprung trap is marked, drawn as a study draws it: our move in
    // green, the reply in red, its square marked.
    let mut marked = 0;
    for pair in game.moves.windows(2) {
        let Some(note) = pair[1].reply.note.as_deref().filter(|note| note.starts_with("fell into a trap")) else {
            continue;
        };
        // An arrow names two squares: a promotion's piece is left off.
        let (ours, theirs) =
            (pair[0].reply.mv.to_string()[..4].to_string(), pair[1].reply.mv.to_string()[..4].to_string());
        assert_eq!(note, format!("fell into a trap [%cal G{ours},R{theirs}] [%csl R{}]", &theirs[2..4]));
        marked += 1;
    }
    assert_eq!(marked, 6);
    assert!(matches::pgn_writer::write_pgn(&game).contains("fell into a trap [%cal G"));
}
