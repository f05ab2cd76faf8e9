//! The annotator's root policy (`trappy traps`): what every root move
//! sets for the modelled opponent. It is not the engine's policy
//! (`TrappyRoot`) in another mode: it has no budget and no shortcut, and
//! it reports instead of deciding under a clock. What it shares with the
//! engine's decision is what makes it the engine's view: the same
//! opponent (`replies/modelled_opponent.rs`, so the same model and the
//! same history a network reads) and the same expected score on the same
//! curve (`expected.rs`), and the move it returns is the one the decision
//! would play with an unlimited allowance (and no cap on a reply's value):
//! the best expected score, the plain move unless another beats it by
//! the decision's margin.
//!
//! For every root move: its exact value (a full-window search at `D - 1`),
//! the model's replies given at least `LEAST_SHARE`, at most
//! `MOST_REPLIES` of them, each searched with a full window at `D - 2`, as
//! the decision searches them, and its expected score.

use super::expected::ReplyOutcome;
use super::replies::modelled_opponent::ModelledOpponent;
use super::replies::ReplyModel;
use super::TrapConfig;
use crate::search::root_policy::{IterationSummary, RootPolicy, RootProbe};
use crate::search::score::{INFINITY, MATE_BOUND};
use movegen::Move;

/// Replies the model gives less than this share are not searched: one
/// game in a hundred is the least a coach would call a chance.
pub const LEAST_SHARE: f64 = 0.01;
/// At most this many of a root move's likeliest replies are searched.
pub const MOST_REPLIES: usize = 8;

/// One reply the model expects, with its value from the root side.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnotatedReply {
    pub reply: Move,
    /// The model's probability, 0 to 1.
    pub probability: f64,
    /// Its value at `D - 2` plies after the reply, from the root side.
    pub value: i32,
}

/// A root move as the annotator sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnotatedRoot {
    pub mv: Move,
    /// Its minimax value, from the root side.
    pub raw: i32,
    /// Its expected score against the model, 0 to 1 (`expected.rs`).
    pub expected: f64,
    /// What its replies add to that over the value alone, in points.
    pub gain: f64,
    /// The replies searched, most likely first.
    pub replies: Vec<AnnotatedReply>,
}

/// The annotator's report of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct RootAnnotation {
    pub depth: usize,
    /// The plain search's move and the move chosen against the model.
    pub plain: Move,
    pub chosen: Move,
    /// Every root move, in the search's order.
    pub roots: Vec<AnnotatedRoot>,
}

/// The annotator: active whatever `Traps` says, unbudgeted.
pub struct Annotator {
    config: TrapConfig,
    model: ReplyModel,
    opponent: ModelledOpponent,
    annotation: Option<RootAnnotation>,
}

impl Annotator {
    pub fn new(config: TrapConfig, model: ReplyModel) -> Annotator {
        Annotator { config, model, opponent: ModelledOpponent::default(), annotation: None }
    }

    /// The report of the last search; `None` when it had no iteration
    /// deep enough to model an opponent (or was cut short).
    pub fn annotation(&self) -> Option<&RootAnnotation> {
        self.annotation.as_ref()
    }

    /// One root move: its exact value, its likely replies' values, its
    /// expected score; `None` when a search was cut short.
    fn annotate_root(&mut self, probe: &mut RootProbe<'_>, mv: Move, depth: i32) -> Option<AnnotatedRoot> {
        let raw = probe.search(&[mv], depth - 1, -INFINITY, INFINITY)?;
        let likely = self.opponent.replies(probe, mv, &self.model, depth as usize).ok()?.unwrap_or_default();
        let mut replies = Vec::new();
        for likely in likely.iter().take_while(|l| l.probability >= LEAST_SHARE).take(MOST_REPLIES) {
            let value = probe.search(&[mv, likely.reply], depth - 2, -INFINITY, INFINITY)?;
            replies.push(AnnotatedReply { reply: likely.reply, probability: likely.probability, value });
        }
        Some(AnnotatedRoot { mv, raw, expected: 0.0, gain: 0.0, replies })
    }

    /// Counts `root`'s expected score as the decision does, but at the
    /// replies' full values: the decision caps them at `TrapProfitCap`
    /// above the plain move's to keep its searches' window narrow, and a
    /// mate is worth all the points to a coach as to the curve.
    fn value(&self, root: &mut AnnotatedRoot) {
        let outcomes: Vec<ReplyOutcome> = root
            .replies
            .iter()
            .map(|r| ReplyOutcome { reply: r.reply, probability: r.probability, value: r.value })
            .collect();
        root.expected = self.config.expectation().score(root.raw, &outcomes);
        root.gain = root.expected - self.config.curve.points(root.raw);
    }
}

impl RootPolicy for Annotator {
    fn is_active(&self) -> bool {
        true
    }

    fn allowance(&self, _searched: u64) -> u64 {
        u64::MAX / 2
    }

    fn iteration_finished(&mut self, _probe: &RootProbe<'_>, _iteration: &IterationSummary<'_>) {}

    fn choose(&mut self, probe: &mut RootProbe<'_>, iteration: &IterationSummary<'_>) -> Option<Move> {
        self.annotation = None;
        let plain = *iteration.root_order.first()?;
        // A shallower search than two plies has no reply to model.
        if iteration.depth < 3 {
            return None;
        }
        let mut roots = Vec::with_capacity(iteration.root_order.len());
        for &mv in iteration.root_order {
            roots.push(self.annotate_root(probe, mv, iteration.depth)?);
        }
        for root in &mut roots {
            self.value(root);
        }
        let chosen = choice(&roots, self.config.margin, iteration.score);
        self.annotation = Some(RootAnnotation { depth: iteration.depth as usize, plain, chosen, roots });
        Some(chosen)
    }
}

/// The move the decision plays given every root's expected score: the
/// best, the plain move (the first) unless another beats it by `margin`;
/// a mate in hand is played as it is.
fn choice(roots: &[AnnotatedRoot], margin: f64, plain_score: i32) -> Move {
    let plain = &roots[0];
    if plain_score.abs() >= MATE_BOUND {
        return plain.mv;
    }
    let best = roots[1..].iter().max_by(|a, b| a.expected.total_cmp(&b.expected));
    match best {
        Some(best) if best.expected > plain.expected + margin => best.mv,
        _ => plain.mv,
    }
}

impl RootAnnotation {
    /// Where `mv` ranks against the model: by expected score, the plain
    /// move credited the margin it must be beaten by, so the chosen move
    /// ranks first.
    pub fn rank_value(&self, root: &AnnotatedRoot, margin: f64) -> f64 {
        if root.mv == self.plain {
            root.expected + margin
        } else {
            root.expected
        }
    }
}
