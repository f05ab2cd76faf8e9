//! `tuner datagen`: training data for the evaluation network from the
//! engine's own games. Self-play at a fixed node count on every core, or
//! with `--from-games` the games of PGN files (`played_games.rs`); each
//! quiet position is written as `FEN | score | result` (score in
//! centipawns and result 1.0 / 0.5 / 0.0, both from White's side), and
//! each game ends with a `# game N` line. A resumed run reads those lines,
//! drops a game cut off by a crash, and plays only the games not yet in
//! the file; games are seeded by their index (or are the files' games in
//! order), so the data is the same however often a run was interrupted.

use crate::config::openings_section::load_book;
use crate::network::played_games::{read_games, score_game};
use crate::network::selfplay_game::{play_game, SelfPlayGame, SelfPlaySettings};
use crate::support::interrupt;
use crate::support::progress_bar::terminal_bar;
use clap::Args;
use engine::cli::output::emit;
use engine::search::Searcher;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The data file to write (or, with --resume, to continue)
    #[arg(short, long)]
    pub output: PathBuf,
    /// Games in the file when the run ends (a resumed run plays the rest)
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Nodes the engine searches for each move
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random plies played after the book opening
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// The opening book (PGN or EPD); `builtin` is the one inside the binary
    #[arg(long, default_value = "builtin")]
    pub book: PathBuf,
    /// Seeds the choice of openings and random plies
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
    /// The evaluation the games are played with: `embedded` (the network
    /// built in), a network file or `classical`
    #[arg(long, default_value = engine::nnue::DEFAULT_EVAL_FILE)]
    pub eval_file: String,
    /// Continue the data file instead of refusing to overwrite it
    #[arg(long)]
    pub resume: bool,
    /// Instead of self-play, the games of these PGN files (a match's, say,
    /// against the opponents the engine is meant for): every finished game
    /// once, its quiet positions scored at --nodes, its result as played
    #[arg(long, num_args = 1.., conflicts_with_all = ["games", "random_plies", "book", "seed"])]
    pub from_games: Vec<PathBuf>,
    /// With --from-games, the plies of each game left out at its start
    /// (the opening book's positions recur from game to game)
    #[arg(long, default_value_t = 8, requires = "from_games")]
    pub skip_plies: usize,
}

/// Starts beyond this score, in centipawns, are skipped.
const OPENING_LIMIT: i32 = 400;

pub fn run_datagen(args: &DatagenArgs) -> Result<String, String> {
    if !args.from_games.is_empty() {
        return run_from_games(args);
    }
    let book = load_book(&args.book)?;
    let settings = SelfPlaySettings {
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        opening_limit: OPENING_LIMIT,
    };
    let play = |searcher: &mut Searcher, index: u64| play_game(searcher, &book, &settings, index);
    run_games(args, &header_line(&settings, &args.book), args.games, &play)
}

/// `--from-games`: the files' finished games, in order, as the games.
fn run_from_games(args: &DatagenArgs) -> Result<String, String> {
    let games = read_games(&args.from_games)?;
    let files: Vec<String> = args.from_games.iter().map(|path| path.display().to_string()).collect();
    let header = format!(
        "# trappy datagen from-games nodes={} skip_plies={} games={} files={}",
        args.nodes,
        args.skip_plies,
        games.len(),
        files.join(",")
    );
    let play = |searcher: &mut Searcher, index: u64| match games.get(index as usize) {
        Some(game) => score_game(searcher, game, args.nodes, args.skip_plies),
        None => SelfPlayGame::Skipped,
    };
    run_games(args, &header, games.len() as u64, &play)
}

/// Plays (or scores) games `0..games` not yet in the output, on every
/// thread, each with a searcher of its own evaluating as `--eval-file`
/// says; the file's header is `settings` and that evaluation.
fn run_games(
    args: &DatagenArgs,
    settings: &str,
    games: u64,
    play: &(dyn Fn(&mut Searcher, u64) -> SelfPlayGame + Sync),
) -> Result<String, String> {
    let network = engine::nnue::network_for_eval_file(&args.eval_file)?;
    let header = format!("{settings} {}", evaluation_label(&args.eval_file, network.as_deref()));
    let done = prepare_file(&args.output, &header, args.resume)?;
    let pending: Vec<u64> = (0..games).filter(|index| !done.games.contains(index)).collect();
    let threads = crate::support::parallel::thread_count(args.threads);
    let file = OpenOptions::new()
        .append(true)
        .open(&args.output)
        .map_err(|e| format!("cannot open {} to append: {e}", args.output.display()))?;
    let run = Run::new(file, pending.len());
    let resume = interrupt::resume_command();
    let output = args.output.clone();
    interrupt::on_interrupt(move || {
        format!("the data in {} is complete up to its last game; go on with:\n  {resume}", output.display())
    });
    emit(&format!(
        "datagen: {} games to play ({} already in {}), {} nodes a move, {threads} threads",
        pending.len(),
        done.games.len(),
        args.output.display(),
        args.nodes
    ));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pending.len().max(1)) {
            scope.spawn(|| run.play_pending(&pending, network.clone(), play));
        }
    });
    run.finish(started, &done, &args.output)
}

fn header_line(settings: &SelfPlaySettings, book: &Path) -> String {
    format!(
        "# trappy datagen nodes={} random_plies={} seed={} opening_limit={} book={}",
        settings.nodes,
        settings.random_plies,
        settings.seed,
        settings.opening_limit,
        book.display()
    )
}

/// The header's record of the evaluation: the `--eval-file` value and,
/// for a network, its fingerprint, so that resuming with another network
/// (a later build's `embedded`, say) is refused instead of mixing the two.
fn evaluation_label(eval_file: &str, network: Option<&engine::nnue::Network>) -> String {
    match network {
        Some(network) => format!("eval={} network={}", eval_file.trim(), network.fingerprint()),
        None => format!("eval={}", eval_file.trim()),
    }
}

/// What a data file already holds.
#[derive(Debug, Default)]
struct Done {
    games: HashSet<u64>,
    positions: u64,
}

/// Creates the file with its header, or on `resume` reads what it holds
/// and cuts off a game whose `# game` line was never written.
fn prepare_file(path: &Path, header: &str, resume: bool) -> Result<Done, String> {
    if !path.exists() {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        std::fs::write(path, format!("{header}\n")).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        return Ok(Done::default());
    }
    if !resume {
        return Err(format!("{} exists: pass --resume to continue it, or name another file", path.display()));
    }
    let reader = BufReader::new(File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?);
    let mut done = Done::default();
    let (mut offset, mut complete_up_to, mut positions_in_game) = (0u64, 0u64, 0u64);
    for (number, line) in reader.split(b'\n').enumerate() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&line);
        offset += line.len() as u64 + 1;
        if number == 0 {
            if text != header {
                return Err(format!(
                    "{} was written with other settings:\n  {text}\nthis run would write\n  {header}",
                    path.display()
                ));
            }
            complete_up_to = offset;
        } else if let Some(rest) = text.strip_prefix("# game ") {
            let index = rest.split_whitespace().next().and_then(|n| n.parse::<u64>().ok());
            let index = index.ok_or_else(|| format!("{} line {}: a broken game line", path.display(), number + 1))?;
            done.games.insert(index);
            done.positions += positions_in_game;
            positions_in_game = 0;
            complete_up_to = offset;
        } else {
            positions_in_game += 1;
        }
    }
    let length = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
    if complete_up_to < length {
        let file =
            OpenOptions::new().write(true).open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.set_len(complete_up_to).map_err(|e| format!("cannot cut {}: {e}", path.display()))?;
    }
    Ok(done)
}

/// The state the threads share.
struct Run {
    file: Mutex<File>,
    next: AtomicUsize,
    tally: Mutex<Tally>,
    bar: Option<indicatif::ProgressBar>,
}

#[derive(Default)]
struct Tally {
    games: u64,
    skipped: u64,
    positions: u64,
    white_half_points: [u64; 3],
    error: Option<String>,
}

impl Run {
    fn new(file: File, games: usize) -> Run {
        Run {
            file: Mutex::new(file),
            next: AtomicUsize::new(0),
            tally: Mutex::new(Tally::default()),
            bar: terminal_bar(games as u64, "games"),
        }
    }

    fn play_pending(
        &self,
        pending: &[u64],
        network: Option<std::sync::Arc<engine::nnue::Network>>,
        play: &(dyn Fn(&mut Searcher, u64) -> SelfPlayGame + Sync),
    ) {
        let mut searcher = Searcher::new(16);
        searcher.set_network(network);
        loop {
            let slot = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&index) = pending.get(slot) else { return };
            if self.tally.lock().map(|t| t.error.is_some()).unwrap_or(true) {
                return;
            }
            let game = play(&mut searcher, index);
            if let Err(message) = self.write(index, &game) {
                if let Ok(mut tally) = self.tally.lock() {
                    tally.error.get_or_insert(message);
                }
                return;
            }
        }
    }

    /// Appends one game and its `# game` line in one write, between two
    /// interrupts' worth of games (see `interrupt`).
    fn write(&self, index: u64, game: &SelfPlayGame) -> Result<(), String> {
        let (block, positions, result) = match game {
            SelfPlayGame::Played { positions, result } => {
                let label = ["0.0", "0.5", "1.0"][usize::from(*result)];
                let mut block = String::with_capacity(positions.len() * 80 + 40);
                for p in positions {
                    block.push_str(&format!("{} | {} | {label}\n", p.fen, p.white_score));
                }
                block.push_str(&format!("# game {index} result {label} positions {}\n", positions.len()));
                (block, positions.len() as u64, Some(*result))
            }
            SelfPlayGame::Skipped => (format!("# game {index} skipped\n"), 0, None),
        };
        {
            let _held = matches::journal::hold_writes();
            let mut file = self.file.lock().map_err(|_| "the data file's writer failed".to_string())?;
            file.write_all(block.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the data: {e}"))?;
        }
        let mut tally = self.tally.lock().map_err(|_| "the tally failed".to_string())?;
        tally.games += 1;
        tally.positions += positions;
        match result {
            Some(r) => tally.white_half_points[usize::from(r)] += 1,
            None => tally.skipped += 1,
        }
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(format!("{} positions", tally.positions));
            }
            None if tally.games.is_multiple_of(100) => {
                eprintln!("{} games, {} positions", tally.games, tally.positions)
            }
            None => {}
        }
        Ok(())
    }

    fn finish(&self, started: Instant, done: &Done, output: &Path) -> Result<String, String> {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        let tally = self.tally.lock().map_err(|_| "the tally failed".to_string())?;
        if let Some(message) = &tally.error {
            return Err(format!("{message}; the games written so far stay in {}", output.display()));
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-3);
        let [losses, draws, wins] = tally.white_half_points;
        Ok(format!(
            "played {} games ({} skipped at the start), {} positions in {seconds:.0} s: {:.0} positions/s\n\
             White +{wins} ={draws} -{losses}\n\
             {} now holds {} games and {} positions",
            tally.games,
            tally.skipped,
            tally.positions,
            tally.positions as f64 / seconds,
            output.display(),
            done.games.len() as u64 + tally.games,
            done.positions + tally.positions,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_file_loses_its_unfinished_game_and_keeps_the_rest() {
        let dir = std::env::temp_dir().join(format!("trappy-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("data.txt");
        let header = "# trappy datagen test";
        let complete = format!("{header}\nfen a | 5 | 0.5\n# game 3 result 0.5 positions 1\n# game 0 skipped\n");
        std::fs::write(&path, format!("{complete}fen b | 7 | ")).expect("write");
        let done = prepare_file(&path, header, true).expect("resumes");
        assert_eq!(done.games, HashSet::from([3, 0]));
        assert_eq!(done.positions, 1);
        assert_eq!(std::fs::read_to_string(&path).expect("read"), complete);
        let refused = prepare_file(&path, header, false).expect_err("no overwrite without --resume");
        assert!(refused.contains("--resume"), "{refused}");
        let other = prepare_file(&path, "# trappy datagen other", true).expect_err("other settings");
        assert!(other.contains("other settings"), "{other}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_header_tells_networks_apart_and_keeps_the_classical_form() {
        use engine::nnue::Network;
        let built_in = engine::nnue::embedded_network();
        let zeroed = Network::zeroed();
        let label = evaluation_label(" embedded ", Some(&built_in));
        assert_eq!(label, format!("eval=embedded network={}", built_in.fingerprint()));
        assert_eq!(built_in.fingerprint().len(), 16);
        assert_ne!(label, evaluation_label("embedded", Some(&zeroed)), "same name, other weights");
        assert_eq!(evaluation_label("classical", None), "eval=classical");
    }
}
