//! PGN written by `pgn_writer` reads back with `pgn_reader`: same tags,
//! same moves, same result.

use matches::game_record::{GameRecord, GameResult, MoveRecord, Termination};
use matches::pgn_reader::read_pgn;
use matches::pgn_writer::write_pgn;
use matches::player::PlayerMove;
use movegen::Board;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn random_game(seed: u64, start: Board) -> GameRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = start.clone();
    let mut moves = vec![];
    for ply in 0..rng.gen_range(1..120) {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        let reply = PlayerMove {
            score_cp: (ply % 3 != 0).then(|| rng.gen_range(-500..500)),
            mate: (ply % 7 == 0).then(|| rng.gen_range(-5..5)),
            depth: Some(rng.gen_range(1..30)),
            note: (ply % 11 == 0).then(|| "trap set {here}".to_string()),
            ..PlayerMove::bare(mv)
        };
        moves.push(MoveRecord { reply, time_ms: rng.gen_range(0..5000) });
        board.play(mv);
    }
    GameRecord {
        event: "Round \"trip\"".into(),
        site: "here".into(),
        date: "2026.11.20".into(),
        round: seed.to_string(),
        white: "trappy".into(),
        black: "plain".into(),
        time_controls: ["10+0.1".into(), if seed.is_multiple_of(3) { "5+0.05".into() } else { "10+0.1".into() }],
        started: std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000 + seed),
        duration: std::time::Duration::from_millis(61_500 + seed),
        start,
        moves,
        result: GameResult::Draw,
        termination: Termination::MaxMoves,
    }
}

#[test]
fn written_games_read_back_identically() {
    let starts = [
        Board::startpos(),
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17").expect("valid"),
    ];
    let mut text = String::new();
    let mut written = vec![];
    for seed in 0..200 {
        let game = random_game(seed, starts[seed as usize % 2].clone());
        text += &write_pgn(&game);
        written.push(game);
    }
    let read = read_pgn(&text).expect("our own PGN parses");
    assert_eq!(read.len(), written.len());
    for (game, back) in written.iter().zip(&read) {
        let moves: Vec<_> = game.moves.iter().map(|m| m.reply.mv).collect();
        assert_eq!(back.moves, moves);
        assert_eq!(back.start, game.start);
        assert_eq!(back.result, "1/2-1/2");
        assert_eq!(back.tag("Event"), Some("Round \"trip\""));
        assert_eq!(back.tag("PlyCount"), Some(moves.len().to_string().as_str()));
        assert_eq!(back.tag("Termination"), Some("adjudication"));
        assert_eq!(back.tag("SetUp").is_some(), game.start != Board::startpos());
    }
    assert!(text.lines().all(|line| line.len() <= 80 || line.starts_with('[')));
}

#[test]
fn tags_and_the_result_comment_are_written_as_cutechess_writes_them() {
    let mixed = write_pgn(&random_game(3, Board::startpos()));
    assert!(mixed.contains("[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"5+0.05\"]"), "{mixed}");
    assert!(!mixed.contains("[TimeControl "), "{mixed}");
    let same = write_pgn(&random_game(4, Board::startpos()));
    assert!(same.contains("[TimeControl \"10+0.1\"]") && !same.contains("WhiteTimeControl"), "{same}");
    // 1,795,000,004 s after 1970 is 2026-11-18T11:06:44 UTC (python: datetime.fromtimestamp).
    assert!(same.contains("[GameStartTime \"2026-11-18T11:06:44.000 UTC\"]"), "{same}");
    assert!(same.contains("[GameEndTime \"2026-11-18T11:07:45.504 UTC\"]"), "{same}");
    assert!(same.contains("[GameDuration \"00:01:01\"]"), "{same}");
    assert!(same.trim_end().ends_with("{Draw by move limit adjudication} 1/2-1/2"), "{same}");
}
