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
//!
//! With `--network`, human-move networks (lc0's format: Maia) predict too,
//! each reading the game's history as it was: how often its most likely
//! move was the move played, and the mean log-probability it gave that move.

use crate::support::parallel::over_chunks;
use clap::Args;
use engine::lc0::{network_name, Lc0Network, Scratch};
use engine::probability::tempered;
use engine::search::{SearchLimits, SearchRequest, Searcher};
use engine::trappy::replies::natural::{probabilities, score_replies};
use matches::pgn_reader::{read_pgn, PgnGame};
use movegen::{Board, Move};
use std::collections::{BTreeMap, BTreeSet};
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
    /// A human-move network (lc0's format, e.g. maia-1500.pb.gz) to predict
    /// with as well; repeatable, a column each
    #[arg(long, value_name = "FILE")]
    pub network: Vec<PathBuf>,
}

/// The models' tables, cleared before every search: small, since they
/// search a few plies (the natural model only captures).
const NATURAL_HASH_MB: usize = 1;
const SEARCHING_HASH_MB: usize = 2;

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
    /// What each network said of the position.
    networks: Vec<NetworkView>,
}

/// One network's policy in one position, as the fit of its temperature
/// needs it.
struct NetworkView {
    /// Its most likely move was the move played.
    top_played: bool,
    /// The log-probability of every legal move, most likely first.
    log_policy: Vec<f64>,
    /// The move played's place in `log_policy` (none if the network
    /// left it out: then it counts as all but impossible).
    played: Option<usize>,
}

impl NetworkView {
    /// The log-probability of the move played once the policy is
    /// softened (above 1) or sharpened (below) by `temperature`.
    fn log_probability(&self, temperature: f64) -> f64 {
        let probability = self.played.and_then(|index| tempered(&self.log_policy, temperature).get(index).copied());
        probability.unwrap_or(0.0).max(LEAST_PROBABILITY).ln()
    }
}

/// The least probability a played move counts at: a model that ruled the
/// move out costs a large but finite log-likelihood, not minus infinity.
const LEAST_PROBABILITY: f64 = 1e-12;

/// Policy temperatures tried for a network's fit, in hundredths.
const POLICY_TEMPERATURES: std::ops::RangeInclusive<u32> = 40..=300;
const POLICY_TEMPERATURE_STEP: u32 = 5;

/// A move to look at: the position before it, the game's earlier
/// positions (for repetitions) and the move played.
struct Task {
    /// The game's place in the files, which tells games apart.
    game_index: usize,
    /// Moves played before this one, from the game's start.
    ply: usize,
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
    check_players(&games, &args.player)?;
    let Selection { tasks, book_moves } = select(&games, &args.player, args.max_moves);
    if tasks.is_empty() {
        let whose = if args.player.is_empty() { String::new() } else { format!(" by {}", args.player.join(", ")) };
        return Err(format!("no moves{whose} with a choice out of book in the games ({book_moves} book moves)"));
    }
    let networks: Vec<(String, Lc0Network)> = args
        .network
        .iter()
        .map(|path| Lc0Network::load(path).map(|network| (network_name(path), network)))
        .collect::<Result<_, _>>()?;
    let models: Vec<&Lc0Network> = networks.iter().map(|(_, network)| network).collect();
    let parts = over_chunks(&tasks, args.threads.max(1), |_, chunk| observe(chunk, &games, &args.depths, &models));
    let observations: Vec<Observation> = parts.into_iter().flatten().collect();
    let names: Vec<&str> = networks.iter().map(|(name, _)| name.as_str()).collect();
    Ok(report(&observations, &args.depths, &names, book_moves))
}

/// The player of the side to move in `game` at `board`, as its tags name it.
fn player_to_move<'g>(game: &'g PgnGame, board: &Board) -> &'g str {
    let tag = if board.side_to_move() == movegen::Color::White { "White" } else { "Black" };
    game.tag(tag).unwrap_or("?")
}

/// Every player asked for plays in the games; an error lists those who do.
fn check_players(games: &[PgnGame], wanted: &[String]) -> Result<(), String> {
    let playing: BTreeSet<&str> =
        games.iter().flat_map(|game| [game.tag("White"), game.tag("Black")]).flatten().collect();
    let missing: Vec<&str> = wanted.iter().map(String::as_str).filter(|name| !playing.contains(name)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = playing.iter().map(|name| format!("\"{name}\"")).collect();
    Err(format!(
        "no player named {} in the games; the players are: {}",
        missing.iter().map(|name| format!("\"{name}\"")).collect::<Vec<_>>().join(", "),
        names.join(", ")
    ))
}

/// Whether a move's comment marks it as played from the opening book:
/// this harness writes `{-/- 0.000s, book}`, fastchess and cutechess `{book}`.
fn is_book(comment: Option<&str>) -> bool {
    comment.is_some_and(|text| text.split(',').any(|part| part.trim() == "book"))
}

/// The moves to look at, and how many of the chosen players' moves were
/// left out as book moves.
struct Selection {
    tasks: Vec<Task>,
    book_moves: usize,
}

/// The moves to look at, game by game, for the chosen players: those with
/// a choice of more than one, out of book.
fn select(games: &[PgnGame], players: &[String], max_moves: Option<usize>) -> Selection {
    let mut per_player: BTreeMap<&str, usize> = BTreeMap::new();
    let mut selection = Selection { tasks: Vec::new(), book_moves: 0 };
    for (game_index, game) in games.iter().enumerate() {
        let mut board = game.start.clone();
        let mut keys = Vec::with_capacity(game.moves.len());
        for (ply, &mv) in game.moves.iter().enumerate() {
            let player = player_to_move(game, &board);
            let wanted = players.is_empty() || players.iter().any(|p| p == player);
            let book = is_book(game.comments.get(ply).and_then(Option::as_deref));
            let count = per_player.entry(player).or_default();
            let open = wanted && max_moves.is_none_or(|most| *count < most);
            if open && book {
                selection.book_moves += 1;
            } else if open && board.legal_moves().len() > 1 {
                *count += 1;
                let task = Task {
                    game_index,
                    ply,
                    player: player.to_string(),
                    board: board.clone(),
                    keys: keys.clone(),
                    played: mv,
                };
                selection.tasks.push(task);
            }
            keys.push(board.hash());
            board.play(mv);
        }
    }
    selection
}

/// The game's positions up to the task's, oldest first, as a network reads them.
fn history(game: &PgnGame, ply: usize) -> Vec<Board> {
    let mut boards = vec![game.start.clone()];
    for &mv in &game.moves[..ply] {
        let mut next = boards[boards.len() - 1].clone();
        next.play(mv);
        boards.push(next);
    }
    boards
}

/// Every search of the models starts from a fresh table and history: what
/// one depth or one position taught a searcher never reaches another, so a
/// depth's rate is the same alone or beside other depths, in any order, on
/// any number of threads.
fn observe(tasks: &[Task], games: &[PgnGame], depths: &[i32], networks: &[&Lc0Network]) -> Vec<Observation> {
    let mut scratch = Scratch::default();
    // The models judge with the evaluation the engine plays with.
    let mut natural = Searcher::new(NATURAL_HASH_MB);
    natural.set_network(engine::nnue::default_network());
    let mut searching = Searcher::new(SEARCHING_HASH_MB);
    searching.set_network(engine::nnue::default_network());
    tasks
        .iter()
        .map(|task| {
            let (board, keys, played) = (&task.board, &task.keys, task.played);
            natural.new_game();
            let (scored, _) = score_replies(&mut natural, board);
            let played_rank = scored.iter().position(|s| s.reply == played).unwrap_or(scored.len());
            let searched_agrees = depths
                .iter()
                .map(|&depth| {
                    searching.new_game();
                    let limits = SearchLimits { depth: Some(depth), ..SearchLimits::default() };
                    searching.search(SearchRequest::new(board, &limits).after(keys)).best_move == played
                })
                .collect();
            let positions = if networks.is_empty() { Vec::new() } else { history(&games[task.game_index], task.ply) };
            let networks =
                networks.iter().map(|network| network_view(network, &positions, played, &mut scratch)).collect();
            Observation {
                player: task.player.clone(),
                scores: scored.iter().map(|s| s.score).collect(),
                played_rank,
                searched_agrees,
                networks,
            }
        })
        .collect()
}

/// What `network` says of the last of `positions`, where `played` was played.
fn network_view(network: &Lc0Network, positions: &[Board], played: Move, scratch: &mut Scratch) -> NetworkView {
    let policy = network.policy_with(positions, scratch);
    NetworkView {
        top_played: policy.first().is_some_and(|best| best.mv == played),
        log_policy: policy.iter().map(|e| f64::from(e.probability).max(LEAST_PROBABILITY).ln()).collect(),
        played: policy.iter().position(|e| e.mv == played),
    }
}

/// Mean natural-model log-likelihood of the played moves at `temperature`.
fn log_likelihood(observations: &[&Observation], temperature: i32) -> f64 {
    let total: f64 = observations
        .iter()
        .map(|o| {
            probabilities(&o.scores, temperature).get(o.played_rank).copied().unwrap_or(0.0).max(LEAST_PROBABILITY).ln()
        })
        .sum();
    total / observations.len().max(1) as f64
}

fn mean_log_probability(views: &[&NetworkView], temperature: f64) -> f64 {
    views.iter().map(|view| view.log_probability(temperature)).sum::<f64>() / views.len().max(1) as f64
}

/// The policy temperature that makes the played moves most likely, and
/// their mean log-probability there.
fn fitted_policy_temperature(views: &[&NetworkView]) -> (f64, f64) {
    POLICY_TEMPERATURES
        .step_by(POLICY_TEMPERATURE_STEP as usize)
        .map(|hundredths| f64::from(hundredths) / 100.0)
        .map(|t| (t, mean_log_probability(views, t)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((1.0, 0.0))
}

fn report(observations: &[Observation], depths: &[i32], networks: &[&str], book_moves: usize) -> String {
    let mut by_player: BTreeMap<&str, Vec<&Observation>> = BTreeMap::new();
    for observation in observations {
        by_player.entry(&observation.player).or_default().push(observation);
    }
    let mut text = String::from("player                    moves  natural  top 3  temperature  log-lik");
    for depth in depths {
        let _ = write!(text, "  depth {depth:<2}");
    }
    for name in networks {
        let _ = write!(text, "  {name:>12} log-lik  temp log-lik");
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
        for index in 0..networks.len() {
            let views: Vec<&NetworkView> = moves.iter().map(|o| &o.networks[index]).collect();
            let (temperature, fitted) = fitted_policy_temperature(&views);
            let _ = write!(
                text,
                "  {:>10.1} %  {:>6.3}  {temperature:>4.2}  {fitted:>6.3}",
                rate(&|o| o.networks[index].top_played),
                mean_log_probability(&views, 1.0)
            );
        }
    }
    let _ = write!(text, "\nbook moves left out: {book_moves} (their PGN comments say `book`)");
    text.push_str(
        "\nnatural: the natural-move model's first choice was played; top 3: among its first three; \
         temperature: the softmax temperature that makes the played moves most likely (log-lik: their \
         mean log-probability there); depth N: a search to N plies chose the move played; a network: its \
         most likely move was played (log-lik: the mean log-probability it gave the move played; temp: the \
         temperature of its policy that makes the played moves most likely, log-lik there).",
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
            network: vec![],
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
    fn a_network_column_gives_the_probability_of_the_moves_played() {
        use engine::lc0::writer::{gzipped, net_bytes, NetSpec};
        // A network that likes one-square steps north (logit 4) and nothing else.
        let spec = NetSpec::plane_logits(&[(0, 4.0)]);
        let path = write_pgn("network", "[White \"Stepper\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. a3 e5 2. h3 e4 *\n");
        let network = path.with_file_name("stepper.pb.gz");
        std::fs::write(&network, gzipped(&net_bytes(&spec))).expect("write network");
        let args = PredictArgs {
            pgn: vec![path],
            player: vec!["Stepper".into()],
            depths: vec![1],
            max_moves: None,
            threads: 1,
            network: vec![network],
        };
        let text = run_predict(&args).expect("a report");
        assert!(text.lines().next().is_some_and(|header| header.contains("stepper")), "{text}");
        let row = text.lines().find(|l| l.starts_with("Stepper")).expect("a row");
        let columns: Vec<&str> = row.split_whitespace().collect();
        let log_likelihood: f64 = columns[columns.len() - 3].parse().expect("a number");
        // Independently: each move's probability is e^4 over the sum for
        // every legal move, e^4 for a step north of one square, 1 otherwise.
        let mut board = Board::startpos();
        let mut expected = 0.0;
        for (played, reply) in [("a2a3", "e7e5"), ("h2h3", "e5e4")] {
            let north =
                |mv: &Move| mv.from().index() % 8 == mv.to().index() % 8 && mv.to().index() == mv.from().index() + 8;
            let total: f64 = board.legal_moves().iter().map(|mv| if north(mv) { 4f64.exp() } else { 1.0 }).sum();
            expected += (4f64.exp() / total).ln() / 2.0;
            for text in [played, reply] {
                let mv = board.parse_uci_move(text).expect("legal");
                board.play(mv);
            }
        }
        assert!((log_likelihood - expected).abs() < 0.0015, "{log_likelihood} vs {expected}: {text}");
    }

    #[test]
    fn the_fitted_policy_temperature_is_the_one_the_moves_were_drawn_at() {
        // A policy of 0.64, 0.32, 0.04 softened at temperature 2 is
        // 0.5, 0.354, 0.125 (its square roots, normalised): 1000 moves
        // played in those shares give back temperature 2, and the policy
        // as it stands fits them worse.
        let log_policy: Vec<f64> = [0.64f64, 0.32, 0.04].iter().map(|p| p.ln()).collect();
        let roots: Vec<f64> = [0.64f64, 0.32, 0.04].iter().map(|p| p.sqrt()).collect();
        let total: f64 = roots.iter().sum();
        let mut views = Vec::new();
        for (played, root) in roots.iter().enumerate() {
            let count = (1000.0 * root / total).round() as usize;
            views.extend((0..count).map(|_| NetworkView {
                top_played: played == 0,
                log_policy: log_policy.clone(),
                played: Some(played),
            }));
        }
        let views: Vec<&NetworkView> = views.iter().collect();
        let (temperature, fitted) = fitted_policy_temperature(&views);
        assert!((temperature - 2.0).abs() < 0.051, "{temperature}");
        assert!(fitted > mean_log_probability(&views, 1.0) + 0.01, "{fitted}");
        assert!((views[0].log_probability(1.0) - 0.64f64.ln()).abs() < 1e-12);
        let left_out = NetworkView { top_played: false, log_policy, played: None };
        assert!(left_out.log_probability(1.0) < views[2].log_probability(1.0) - 20.0, "a move the policy left out");
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
            network: vec![],
        };
        let unknown = run_predict(&args("Nobody", vec![1])).expect_err("no such player");
        assert!(unknown.contains("\"Nobody\"") && unknown.contains("the players are: \"A\", \"B\""), "{unknown}");
        assert!(run_predict(&args("A", vec![0])).expect_err("depth").contains("--depths"));
        let missing = PredictArgs { pgn: vec![PathBuf::from("/nonexistent/x.pgn")], ..args("A", vec![1]) };
        assert!(run_predict(&missing).expect_err("unreadable").contains("/nonexistent/x.pgn"));
    }

    fn depth_rates(args: &PredictArgs) -> Vec<String> {
        let text = run_predict(args).expect("a report");
        let row = text.lines().nth(1).expect("a row");
        let numbers: Vec<&str> = row.split_whitespace().filter(|column| *column != "%").collect();
        numbers[numbers.len() - args.depths.len()..].iter().map(|rate| rate.to_string()).collect()
    }

    #[test]
    fn a_depth_rate_is_the_same_alone_after_other_depths_and_on_other_threads() {
        // Searched one after the other on one table, depth 1 read what
        // depth 4 had stored: 35 % alone, 56 % after it, on a harness PGN.
        let openings = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/openings/8moves_v3-2000.pgn");
        let args = |depths: Vec<i32>, threads: usize| PredictArgs {
            pgn: vec![openings.clone()],
            player: vec![],
            depths,
            max_moves: Some(60),
            threads,
            network: vec![],
        };
        let alone = depth_rates(&args(vec![1], 1));
        let after = depth_rates(&args(vec![4, 1], 1));
        assert_eq!(after.len(), 2);
        assert_eq!(alone[0], after[1], "depth 1 alone and after depth 4");
        assert_eq!(after, depth_rates(&args(vec![4, 1], 3)), "on three threads");
    }

    #[test]
    fn book_moves_are_left_out_and_counted() {
        // The harness's PGN marks the opening's moves `book`: White's first
        // move and Black's are book, so one move each is left to predict.
        let pgn = "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
                   1. e4 {-/- 0.000s, book} e5 {book} 2. Nf3 {+0.30/6 0.010s} Nc6 {-0.25/6 0.012s} *\n";
        let path = write_pgn("book", pgn);
        let args = PredictArgs {
            pgn: vec![path],
            player: vec![],
            depths: vec![1],
            max_moves: None,
            threads: 1,
            network: vec![],
        };
        let text = run_predict(&args).expect("a report");
        for player in ["W", "B"] {
            let row = text.lines().find(|l| l.starts_with(&format!("{player} "))).expect("a row");
            assert_eq!(row.split_whitespace().nth(1), Some("1"), "{text}");
        }
        assert!(text.contains("book moves left out: 2 "), "{text}");
        let only_book = write_pgn("only-book", "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {book} *\n");
        let error = run_predict(&PredictArgs { pgn: vec![only_book], ..args }).expect_err("nothing out of book");
        assert!(error.contains("1 book moves"), "{error}");
    }
}
