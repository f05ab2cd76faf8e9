//! Tournaments: the games of a schedule (`schedule.rs`), played by worker
//! threads that each own their players, journaled game by game so a run
//! can resume after any interrupt.

use crate::game::{play_game, GameLabels, GameSettings, LimitSpec};
use crate::game_record::{GameRecord, GameResult, TrappyCounts};
use crate::in_process::InProcessPlayer;
use crate::journal::{read_journal, renumber_for, JournalEntry, JournalLayout, JournalWriter};
use crate::network_player::{NetworkPlayer, NetworkSpec};
use crate::odds::Odds;
use crate::openings::Opening;
use crate::pgn_writer::write_pgn;
use crate::player::{Player, PlayerError};
use crate::schedule::play_order;
pub use crate::schedule::{pairings, ScheduledGame, TournamentKind};
use crate::stats::{PairedScores, Pentanomial, Trinomial};
use crate::uci_player::{UciEngineConfig, UciPlayer};
use engine::opponent::OpponentInfo;
use engine::trappy::replies::AUTODISCOVER;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::sync::Mutex;

/// How to make a player; each worker thread makes its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `eval_file`: an `EvalFile` value (a network file, or `classical`);
    /// `None` keeps the engine's default evaluation.
    InProcess {
        name: String,
        overrides: Vec<(String, i64)>,
        hash_mb: usize,
        /// `Threads` (Lazy SMP); 1 searches alone.
        threads: usize,
        eval_file: Option<String>,
        /// An `OpponentModel` value (`natural`, a network file or a folder);
        /// `None` keeps the natural model.
        opponent_model: Option<String>,
    },
    Uci(UciEngineConfig),
    /// A human-move network played in process (`network_player.rs`).
    Network(NetworkSpec),
}

impl PlayerSpec {
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::InProcess { name, .. } => name,
            PlayerSpec::Uci(config) => &config.name,
            PlayerSpec::Network(spec) => &spec.name,
        }
    }

    pub fn build(&self) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            PlayerSpec::InProcess { .. } => Box::new(self.in_process()?),
            PlayerSpec::Uci(config) => Box::new(UciPlayer::new(config.clone())),
            PlayerSpec::Network(spec) => Box::new(NetworkPlayer::new(spec.clone())?),
        })
    }

    /// The in-process player of this spec; an error for any other kind.
    fn in_process(&self) -> Result<InProcessPlayer, String> {
        let PlayerSpec::InProcess { name, overrides, hash_mb, threads, eval_file, opponent_model } = self else {
            return Err(format!("{} is not an in-process engine", self.name()));
        };
        let mut player = InProcessPlayer::new(name, overrides, *hash_mb)?;
        player.set_threads(*threads);
        if let Some(value) = eval_file {
            player.set_eval_file(value)?;
        }
        // Named nothing, the engine looks for networks as the `trappy`
        // binary does, beside this program.
        player.set_opponent_model(opponent_model.as_deref().unwrap_or(AUTODISCOVER))?;
        Ok(player)
    }
}

impl PlayerSpec {
    /// The threads the player searches with: `Threads` as its spec sets it.
    pub fn threads(&self) -> usize {
        match self {
            PlayerSpec::InProcess { threads, .. } => *threads,
            PlayerSpec::Uci(config) => config
                .options
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
                .and_then(|(_, value)| value.trim().parse().ok())
                .unwrap_or(1),
            PlayerSpec::Network(_) => 1,
        }
    }
}

/// A warning when `concurrency` games at a time with the most threads any
/// entrant asks for need more than the machine's `cores`: the games would
/// then share cores, and a clock would measure the machine's load.
pub fn oversubscription(entrants: &[Entrant], concurrency: usize, cores: usize) -> Option<String> {
    let most = entrants.iter().map(|entrant| entrant.spec.threads()).max().unwrap_or(1);
    (concurrency * most > cores).then(|| {
        format!(
            "warning: {concurrency} game{} at a time with up to {most} thread{} per engine ask for more than this machine's {cores} cores",
            if concurrency == 1 { "" } else { "s" },
            if most == 1 { "" } else { "s" }
        )
    })
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub spec: PlayerSpec,
    pub limit: LimitSpec,
    /// What its opponents are told of it (`UCI_Opponent`), if anything.
    pub described: Option<OpponentInfo>,
    /// Whether it is told of its opponents (a baseline that must play
    /// without that knowledge is not).
    pub told: bool,
}

#[derive(Clone, Debug)]
pub struct Tournament {
    pub entrants: Vec<Entrant>,
    pub kind: TournamentKind,
    pub openings: Vec<Opening>,
    /// Game pairs (one opening, both colours) per pairing.
    pub pairs_per_pairing: usize,
    pub concurrency: usize,
    pub settings: GameSettings,
    pub event: String,
    pub date: String,
    pub journal: PathBuf,
    pub pgn: Option<PathBuf>,
    /// Players who start every game a piece short; `openings` must all be
    /// playable with them (`Odds::playable`).
    pub odds: Option<Odds>,
}

/// The tournament's games in schedule order (see `schedule_games`).
pub fn schedule(tournament: &Tournament) -> Vec<ScheduledGame> {
    tournament.layout().schedule()
}

impl Tournament {
    /// What the journal records of this tournament: enough to rebuild its
    /// schedule from the journal alone.
    pub fn layout(&self) -> JournalLayout {
        JournalLayout {
            event: self.event.clone(),
            players: self.entrants.iter().map(|e| e.spec.name().to_string()).collect(),
            kind: self.kind,
            pairs_per_pairing: self.pairs_per_pairing,
            openings: self.openings.len(),
        }
    }
}

/// Results of one pairing from its first entrant's point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingScore {
    pub games: Trinomial,
    pub pairs: Pentanomial,
    /// Game counts by termination name.
    pub terminations: BTreeMap<String, u64>,
    /// Trappy counters of the first and the second entrant.
    pub trappy: [TrappyCounts; 2],
}

impl PairingScore {
    /// Adds another pairing's counts (for totals over several opponents).
    pub fn absorb(&mut self, other: &PairingScore) {
        let (g, p) = (&mut self.games, &mut self.pairs);
        (g.wins, g.draws, g.losses) =
            (g.wins + other.games.wins, g.draws + other.games.draws, g.losses + other.games.losses);
        (p.ll, p.ld, p.dd_wl, p.wd, p.ww) = (
            p.ll + other.pairs.ll,
            p.ld + other.pairs.ld,
            p.dd_wl + other.pairs.dd_wl,
            p.wd + other.pairs.wd,
            p.ww + other.pairs.ww,
        );
        for (name, count) in &other.terminations {
            *self.terminations.entry(name.clone()).or_default() += count;
        }
        for (mine, theirs) in self.trappy.iter_mut().zip(&other.trappy) {
            mine.add(theirs);
        }
    }
}

/// Half-points a game gave the pairing's first entrant.
fn first_entrant_points(game: &ScheduledGame, entry: &JournalEntry) -> u32 {
    match (entry.result, game.first_is_white) {
        (GameResult::Draw, _) => 1,
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 2,
        _ => 0,
    }
}

/// Per-pairing scores, updated one finished game at a time.
#[derive(Clone, Debug, Default)]
pub struct Scoreboard {
    by_index: BTreeMap<usize, JournalEntry>,
    pub scores: BTreeMap<(usize, usize), PairingScore>,
}

impl Scoreboard {
    /// Adds one game; a game already counted, or not in the schedule, is
    /// ignored. A pair is counted when the second of its games comes in.
    pub fn add(&mut self, games: &[ScheduledGame], entry: JournalEntry) {
        let Some(game) = games.get(entry.game) else { return };
        if self.by_index.contains_key(&entry.game) {
            return;
        }
        let points = first_entrant_points(game, &entry);
        let score = self.scores.entry(game.pairing).or_default();
        match points {
            2 => score.games.wins += 1,
            1 => score.games.draws += 1,
            _ => score.games.losses += 1,
        }
        *score.terminations.entry(entry.termination.name().to_string()).or_default() += 1;
        // White's counters belong to the first entrant when it had White.
        let (first, second) = if game.first_is_white { (0, 1) } else { (1, 0) };
        score.trappy[0].add(&entry.trappy[first]);
        score.trappy[1].add(&entry.trappy[second]);
        let partner_index = game.index ^ 1;
        if let (Some(partner), Some(partner_entry)) = (games.get(partner_index), self.by_index.get(&partner_index)) {
            match first_entrant_points(partner, partner_entry) + points {
                0 => score.pairs.ll += 1,
                1 => score.pairs.ld += 1,
                2 => score.pairs.dd_wl += 1,
                3 => score.pairs.wd += 1,
                _ => score.pairs.ww += 1,
            }
        }
        self.by_index.insert(entry.game, entry);
    }
}

/// Folds journal entries into per-pairing scores.
pub fn score_pairings(games: &[ScheduledGame], entries: &[JournalEntry]) -> BTreeMap<(usize, usize), PairingScore> {
    let mut board = Scoreboard::default();
    for entry in entries {
        board.add(games, entry.clone());
    }
    board.scores
}

/// Starts every external engine once and runs its handshake, before any
/// game: an engine that cannot start is a mistake in the config, not a
/// loss to score (a crash in mid-run still is one, with a restart).
pub fn check_engines_start(entrants: &[Entrant]) -> Result<(), String> {
    for entrant in entrants {
        if let PlayerSpec::Uci(config) = &entrant.spec {
            let mut player = UciPlayer::new(config.clone());
            if let Err(error) = player.new_game() {
                let reason = match error {
                    PlayerError::StartFailed(why) | PlayerError::Crashed(why) | PlayerError::Stalled(why) => why,
                    PlayerError::IllegalMove(why) => why,
                };
                return Err(format!("cannot start engine {} ({}): {reason}", config.name, config.command.display()));
            }
        }
    }
    Ok(())
}

/// Paired scores of entrants `a` and `b`: for every opponent both met
/// and every pair both completed, each one's points per game over that
/// opening pair. The schedule gives every pairing the same openings in the
/// same order, so the k-th pair of (a, o) and of (b, o) share an opening.
pub fn paired_scores(games: &[ScheduledGame], entries: &[JournalEntry], a: usize, b: usize) -> Vec<PairedScores> {
    let by_index: BTreeMap<usize, &JournalEntry> = entries.iter().map(|e| (e.game, e)).collect();
    // (player, opponent, pair number) -> half-points so far and games seen.
    let mut pair_points: BTreeMap<(usize, usize, usize), (u32, u32)> = BTreeMap::new();
    let mut seen_in_pairing: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for game in games {
        let position = seen_in_pairing.entry(game.pairing).or_default();
        let pair_number = *position / 2;
        *position += 1;
        let Some(entry) = by_index.get(&game.index) else { continue };
        let first = first_entrant_points(game, entry);
        let (x, y) = game.pairing;
        for (player, opponent, points) in [(x, y, first), (y, x, 2 - first)] {
            let slot = pair_points.entry((player, opponent, pair_number)).or_default();
            *slot = (slot.0 + points, slot.1 + 1);
        }
    }
    let complete = |player, opponent, pair| {
        pair_points
            .get(&(player, opponent, pair))
            .filter(|(_, games)| *games == 2)
            .map(|(points, _)| *points as f64 / 4.0)
    };
    pair_points
        .keys()
        .filter(|(player, opponent, _)| *player == a && *opponent != b)
        .filter_map(|&(_, opponent, pair)| {
            Some(PairedScores { first: complete(a, opponent, pair)?, second: complete(b, opponent, pair)? })
        })
        .collect()
}

/// What a run reports as it goes and at the end.
pub struct Progress<'a> {
    pub finished: usize,
    pub total: usize,
    pub scores: &'a BTreeMap<(usize, usize), PairingScore>,
    pub last: Option<&'a GameRecord>,
}

/// Plays every scheduled game not yet in the journal. `on_game` sees each
/// finished game and may return `true` to stop the run early (an SPRT
/// bound was crossed); games in progress then finish and are journaled.
/// A worker that cannot go on (a player that cannot be built, an opening
/// the odds cannot give) ends the run with its reason once the games in
/// progress are journaled.
pub fn run_tournament(
    tournament: &Tournament,
    mut on_game: impl FnMut(&Progress) -> bool,
) -> Result<BTreeMap<(usize, usize), PairingScore>, String> {
    check_tournament(tournament)?;
    let games = schedule(tournament);
    renumber_for(&tournament.journal, &tournament.layout())?;
    let entries = read_journal(&tournament.journal)?;
    let done: std::collections::BTreeSet<usize> = entries.iter().map(|e| e.game).collect();
    let todo: Vec<ScheduledGame> = games.iter().copied().filter(|g| !done.contains(&g.index)).collect();
    let todo = play_order(todo, tournament.pairs_per_pairing);
    if !todo.is_empty() {
        check_engines_start(&tournament.entrants)?;
    }
    let mut recorder = Recorder::open(tournament, &games)?;
    for entry in entries {
        recorder.board.add(&games, entry);
    }
    let mut finished = done.len();
    if on_game(&Progress { finished, total: games.len(), scores: &recorder.board.scores, last: None }) {
        return Ok(recorder.board.scores);
    }

    // Games are handed out one at a time: a worker gets its next game only
    // after the main thread has taken in a result, so at most `concurrency`
    // games are ever running or unreported. A stop therefore ends the run
    // after a fixed number of games, however fast the games are.
    let workers = tournament.concurrency.max(1).min(todo.len());
    let (sender, receiver) = channel::<Result<(ScheduledGame, GameRecord), String>>();
    let (slot_sender, slot_receiver) = channel::<usize>();
    let slot_receiver = Mutex::new(slot_receiver);
    let mut slots = 0..todo.len();
    let mut failure = None;
    std::thread::scope(|scope| -> Result<(), String> {
        for slot in slots.by_ref().take(workers) {
            slot_sender.send(slot).map_err(|e| e.to_string())?;
        }
        for _ in 0..workers {
            let (sender, todo, slot_receiver) = (sender.clone(), &todo, &slot_receiver);
            scope.spawn(move || {
                let mut worker = Worker { tournament, players: BTreeMap::new() };
                while let Some(slot) = slot_receiver.lock().ok().and_then(|r| r.recv().ok()) {
                    let outcome = worker.play(todo[slot]).map(|record| (todo[slot], record));
                    let failed = outcome.is_err();
                    if sender.send(outcome).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut slot_sender = Some(slot_sender);
        for outcome in receiver {
            let stop = match outcome {
                Ok((game, record)) => {
                    recorder.record(game, &record)?;
                    finished += 1;
                    let scores = &recorder.board.scores;
                    on_game(&Progress { finished, total: games.len(), scores, last: Some(&record) })
                }
                Err(reason) => {
                    failure.get_or_insert(reason);
                    true
                }
            };
            // The next game for the worker that just finished; none after a
            // stop or past the end, which lets idle workers leave.
            let next = if stop { None } else { slots.next() };
            match (next, &slot_sender) {
                (Some(slot), Some(sender)) => sender.send(slot).map_err(|e| e.to_string())?,
                _ => slot_sender = None,
            }
        }
        Ok(())
    })?;
    match failure {
        Some(reason) => Err(reason),
        None => Ok(recorder.board.scores),
    }
}

/// For every in-process player that sets traps against an opponent it
/// meets, what predicts that opponent's replies (`player against
/// opponent: model`), as the engine's `info string` says it: which network
/// discovery or a folder gave, or the natural model and why, and the files
/// passed over (`player: skipped network FILE: reason`). A harness prints
/// these before the games, so that a run says what it measured.
pub fn opponent_models(tournament: &Tournament) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    let pairings = pairings(tournament.kind, tournament.entrants.len());
    for (seat, entrant) in tournament.entrants.iter().enumerate() {
        if !matches!(entrant.spec, PlayerSpec::InProcess { .. }) {
            continue;
        }
        // Built once: a folder's networks are read once per player.
        let mut player = entrant.spec.in_process()?;
        let opponents =
            pairings.iter().filter_map(|&(a, b)| if a == seat { Some(b) } else { (b == seat).then_some(a) });
        let before = lines.len();
        for other in opponents {
            let opponent = &tournament.entrants[other];
            let told = opponent.described.as_ref().filter(|_| entrant.told);
            if let Some(model) = player.opponent_model_against(told) {
                lines.push(format!("{} against {}: opponent model {model}", entrant.spec.name(), opponent.spec.name()));
            }
        }
        if lines.len() > before {
            lines.extend(player.skipped_networks().iter().map(|line| format!("{}: {line}", entrant.spec.name())));
        }
    }
    Ok(lines)
}

/// What can be checked before any game: enough players and openings,
/// in-process players that can be configured, openings the odds can give.
fn check_tournament(tournament: &Tournament) -> Result<(), String> {
    if tournament.entrants.len() < 2 {
        return Err("a tournament needs at least two players".into());
    }
    if tournament.openings.is_empty() {
        return Err("a tournament needs at least one opening".into());
    }
    for entrant in &tournament.entrants {
        if let PlayerSpec::InProcess { .. } | PlayerSpec::Network(_) = entrant.spec {
            entrant.spec.build()?;
        }
    }
    if let Some(odds) = &tournament.odds {
        let unplayable = tournament.openings.iter().filter(|opening| !odds.is_playable(opening)).count();
        if unplayable > 0 {
            return Err(format!(
                "{unplayable} openings cannot be played at {} odds",
                crate::odds::pieces_name(&odds.pieces)
            ));
        }
    }
    Ok(())
}

/// A worker thread's players, built on first use and kept between games.
struct Worker<'a> {
    tournament: &'a Tournament,
    players: BTreeMap<usize, Box<dyn Player>>,
}

impl Worker<'_> {
    fn play(&mut self, game: ScheduledGame) -> Result<GameRecord, String> {
        let tournament = self.tournament;
        let (first, second) = game.pairing;
        let (white, black) = if game.first_is_white { (first, second) } else { (second, first) };
        let book = &tournament.openings[game.opening];
        let opening = match &tournament.odds {
            Some(odds) => odds.opening_for(book, white, black).map_err(|e| format!("game {}: {e}", game.index + 1))?,
            None => book.clone(),
        };
        let mut white_player = self.take_player(white)?;
        let mut black_player = self.take_player(black)?;
        // Each is told of the other, as lichess-bot tells an engine.
        let told_of = |seat: usize, other: usize| {
            tournament.entrants[other].described.as_ref().filter(|_| tournament.entrants[seat].told)
        };
        white_player.set_opponent(told_of(white, black));
        black_player.set_opponent(told_of(black, white));
        let labels = GameLabels {
            event: tournament.event.clone(),
            site: "trappy matches".into(),
            date: tournament.date.clone(),
            round: (game.index + 1).to_string(),
        };
        let record = play_game(
            [white_player.as_mut(), black_player.as_mut()],
            [&tournament.entrants[white].limit, &tournament.entrants[black].limit],
            &opening,
            &tournament.settings,
            &labels,
        );
        self.players.insert(white, white_player);
        self.players.insert(black, black_player);
        Ok(record)
    }

    /// The player of `seat`, built the first time it plays.
    fn take_player(&mut self, seat: usize) -> Result<Box<dyn Player>, String> {
        match self.players.remove(&seat) {
            Some(player) => Ok(player),
            None => {
                let spec = &self.tournament.entrants[seat].spec;
                spec.build().map_err(|e| format!("cannot build player {}: {e}", spec.name()))
            }
        }
    }
}

/// Where finished games go: the journal, the PGN file and the scores.
struct Recorder<'a> {
    games: &'a [ScheduledGame],
    journal: JournalWriter,
    pgn: Option<std::fs::File>,
    board: Scoreboard,
}

impl<'a> Recorder<'a> {
    fn open(tournament: &Tournament, games: &'a [ScheduledGame]) -> Result<Recorder<'a>, String> {
        let journal = JournalWriter::open(&tournament.journal, &tournament.layout())?;
        let pgn = match &tournament.pgn {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open PGN file {}: {e}", path.display()))?,
            ),
            None => None,
        };
        Ok(Recorder { games, journal, pgn, board: Scoreboard::default() })
    }

    fn record(&mut self, game: ScheduledGame, record: &GameRecord) -> Result<(), String> {
        let entry = JournalEntry {
            game: game.index,
            white: record.white.clone(),
            black: record.black.clone(),
            result: record.result,
            termination: record.termination,
            plies: record.moves.len(),
            trappy: record.trappy_counts(),
        };
        // An interrupt waits for the journal and the PGN to agree.
        let writing = crate::journal::hold_writes();
        self.journal.append(&entry)?;
        if let Some(file) = self.pgn.as_mut() {
            file.write_all(write_pgn(record).as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write PGN: {e}"))?;
        }
        drop(writing);
        self.board.add(self.games, entry);
        Ok(())
    }
}
