//! `tuner predict`: how well the trappy root's opponent models predict the
//! moves players actually made, read from their games.
//!
//! For every move a player made (with a choice of more than one), the
//! natural-move model scores the legal moves and the searching model
//! searches the position to a few depths, as the trappy root's searched
//! opponent does. Reported per player: how often each model's first
//! choice was the move played (its prediction rate), how often the move
//! was among the natural model's first three, and the softmax temperature
//! that makes the played moves most likely, with the mean log-likelihood
//! there. That temperature is what the engine uses for an opponent of
//! the player's rating.

use crate::support::parallel::over_chunks;
use clap::Args;
use engine::search::{SearchLimits, SearchRequest, Searcher};
use engine::trappy::natural::{probabilities, score_replies};
use matches::pgn_reader::{read_pgn, PgnGame};
use movegen::{Board, Move};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PredictArgs {
    /// PGN files with the games of the players to model
    #[arg(required = true)]
    pub pgn: Vec<PathBuf>,
    /// Only these players' moves (as in the White and Black tags); every
    /// player's by default
    #[arg(long)]
    pub player: Vec<String>,
    /// Depths of the searching model to compare, comma-separated
    #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
    pub depths: Vec<i32>,
    /// At most this many moves per player, from the first games on
    #[arg(long)]
    pub max_moves: Option<usize>,
    /// Worker threads
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Temperatures tried for the fit, in centipawns.
const TEMPERATURES: std::ops::RangeInclusive<i32> = 1..=80;
const TEMPERATURE_STEP: i32 = 5;

/// One move a player made, as the models saw it.
struct Observation {
    player: String,
    /// The natural model's scores, best first, and the played move's
    /// place among them.
    scores: Vec<i32>,
    played_rank: usize,
    /// Whether the searching model at each requested depth chose it.
    searched_agrees: Vec<bool>,
}

/// A move to look at: the position before it, the game's earlier
/// positions (for repetitions) and the move played.
struct Task {
    /// The game's place in the files, which tells games apart.
    game_index: usize,
    player: String,
    board: Board,
    keys: Vec<u64>,
    played: Move,
}

pub fn run_predict(args: &PredictArgs) -> Result<String, String> {
    if args.depths.iter().any(|d| !(1..=12).contains(d)) {
        return Err(format!("--depths must lie in 1..=12, not {:?}", args.depths));
    }
    let mut games = Vec::new();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        games.extend(read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let tasks = tasks(&games, &args.player, args.max_moves);
    if tasks.is_empty() {
        return Err(match args.player.is_empty() {
            true => "no moves with a choice in the games".into(),
            false => format!("no moves by {} in the games", args.player.join(", ")),
        });
    }
    let parts = over_chunks(&tasks, args.threads.max(1), |_, chunk| observe(chunk, &args.depths));
    let observations: Vec<Observation> = parts.into_iter().flatten().collect();
    Ok(report(&observations, &args.depths))
}

/// The moves to look at, game by game, for the chosen players.
fn tasks(games: &[PgnGame], players: &[String], max_moves: Option<usize>) -> Vec<Task> {
    let mut per_player: BTreeMap<String, usize> = BTreeMap::new();
    let mut tasks = Vec::new();
    for (game_index, game) in games.iter().enumerate() {
        let mut board = game.start.clone();
        let mut keys = Vec::with_capacity(game.moves.len());
        for &mv in &game.moves {
            let tag = if board.side_to_move() == movegen::Color::White { "White" } else { "Black" };
            let player = game.tag(tag).unwrap_or("?").to_string();
            let wanted = players.is_empty() || players.iter().any(|p| p == &player);
            let count = per_player.entry(player.clone()).or_default();
            if wanted && board.legal_moves().len() > 1 && max_moves.is_none_or(|most| *count < most) {
                *count += 1;
                tasks.push(Task { game_index, player, board: board.clone(), keys: keys.clone(), played: mv });
            }
            keys.push(board.hash());
            board.play(mv);
        }
    }
    tasks
}

fn observe(tasks: &[Task], depths: &[i32]) -> Vec<Observation> {
    // The models judge with the evaluation the engine plays with.
    let mut natural = Searcher::new(4);
    natural.set_network(engine::nnue::default_network());
    let mut searching = Searcher::new(16);
    searching.set_network(engine::nnue::default_network());
    let mut current_game = None;
    tasks
        .iter()
        .map(|task| {
            // Each game starts with fresh tables, as an opponent's would.
            if current_game != Some(task.game_index) {
                current_game = Some(task.game_index);
                natural.new_game();
                searching.new_game();
            }
            let (board, keys, played) = (&task.board, &task.keys, task.played);
            let (scored, _) = score_replies(&mut natural, board);
            let played_rank = scored.iter().position(|s| s.reply == played).unwrap_or(scored.len());
            let searched_agrees = depths
                .iter()
                .map(|&depth| {
                    let limits = SearchLimits { depth: Some(depth), ..SearchLimits::default() };
                    searching.search(SearchRequest::new(board, &limits).after(keys)).best_move == played
                })
                .collect();
            Observation {
                player: task.player.clone(),
                scores: scored.iter().map(|s| s.score).collect(),
                played_rank,
                searched_agrees,
            }
        })
        .collect()
}

/// Mean natural-model log-likelihood of the played moves at `temperature`.
fn log_likelihood(observations: &[&Observation], temperature: i32) -> f64 {
    let total: f64 = observations
        .iter()
        .map(|o| probabilities(&o.scores, temperature).get(o.played_rank).copied().unwrap_or(0.0).max(1e-12).ln())
        .sum();
    total / observations.len().max(1) as f64
}

fn report(observations: &[Observation], depths: &[i32]) -> String {
    let mut by_player: BTreeMap<&str, Vec<&Observation>> = BTreeMap::new();
    for observation in observations {
        by_player.entry(&observation.player).or_default().push(observation);
    }
    let mut text = String::from("player                    moves  natural  top 3  temperature  log-lik");
    for depth in depths {
        let _ = write!(text, "  depth {depth:<2}");
    }
    for (player, moves) in &by_player {
        let n = moves.len() as f64;
        let rate = |hit: &dyn Fn(&Observation) -> bool| 100.0 * moves.iter().filter(|o| hit(o)).count() as f64 / n;
        let (temperature, likelihood) = TEMPERATURES
            .map(|step| step * TEMPERATURE_STEP)
            .map(|t| (t, log_likelihood(moves, t)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((0, 0.0));
        let _ = write!(
            text,
            "\n{player:<24} {:>6}  {:>5.1} %  {:>3.0} %  {temperature:>8} cp  {likelihood:>7.3}",
            moves.len(),
            rate(&|o| o.played_rank == 0),
            rate(&|o| o.played_rank < 3),
        );
        for index in 0..depths.len() {
            let _ = write!(text, "  {:>6.1} %", rate(&|o| o.searched_agrees[index]));
        }
    }
    text.push_str(
        "\nnatural: the natural-move model's first choice was played; top 3: among its first three; \
         temperature: the softmax temperature that makes the played moves most likely (log-lik: their \
         mean log-probability there); depth N: a search to N plies chose the move played.",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_pgn(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("trappy-predict-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("games.pgn");
        std::fs::write(&path, text).expect("write");
        path
    }

    #[test]
    fn a_player_who_takes_what_hangs_is_predicted() {
        // White leaves the queen en prise twice; Black takes it each time,
        // the natural model's first choice.
        let pgn = "[White \"Careless\"]\n[Black \"Greedy\"]\n[Result \"0-1\"]\n\n\
                   1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 0-1\n\n\
                   [White \"Careless\"]\n[Black \"Greedy\"]\n[Result \"0-1\"]\n\n\
                   1. e4 e5 2. Qg4 d6 3. Nf3 Bxg4 0-1\n";
        let path = write_pgn("greedy", pgn);
        let args = PredictArgs {
            pgn: vec![path],
            player: vec!["Greedy".into()],
            depths: vec![1],
            max_moves: None,
            threads: 2,
        };
        let text = run_predict(&args).expect("a report");
        let row = text.lines().find(|l| l.starts_with("Greedy")).expect("Greedy's row");
        let columns: Vec<&str> = row.split_whitespace().collect();
        // Kxf7 is forced and left out: five moves with a choice.
        assert_eq!(columns[1], "5", "{text}");
        assert!(!text.contains("Careless"), "{text}");
        // Both captures of the queen are the natural model's first choice
        // (two of five moves), and its first three hold at least as many.
        let natural: f64 = columns[2].parse().expect("a rate");
        assert!(natural >= 40.0, "{text}");
        let top_three: f64 = columns[4].parse().expect("a rate");
        assert!(top_three >= natural, "{text}");
    }

    #[test]
    fn missing_players_and_bad_depths_are_errors() {
        let path = write_pgn("none", "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
        let args = |player: &str, depths: Vec<i32>| PredictArgs {
            pgn: vec![path.clone()],
            player: vec![player.into()],
            depths,
            max_moves: None,
            threads: 1,
        };
        assert!(run_predict(&args("Nobody", vec![1])).expect_err("no moves").contains("Nobody"));
        assert!(run_predict(&args("A", vec![0])).expect_err("depth").contains("--depths"));
        let missing = PredictArgs { pgn: vec![PathBuf::from("/nonexistent/x.pgn")], ..args("A", vec![1]) };
        assert!(run_predict(&missing).expect_err("unreadable").contains("/nonexistent/x.pgn"));
    }
}
