//! The final choice: the plain move's expected score against the model
//! opponent, then a few alternatives verified against it (`expected.rs`
//! defines the expected score).
//!
//! Every number compared comes from the same kind of search: the main
//! search's exact score for the plain move, and for the rest bounded
//! searches that share the main table and cut off as the main search
//! does. A decision deeper than the search (`TrapConfig::least_depth`,
//! under a cap on the search) searches the plain move again at its own
//! depth, so that its numbers too come from one depth, and counts an
//! alternative for its traps alone (`verify_deeper`). An alternative
//! never needs its minimax value exactly: its
//! expected score grows with it, so once its likely replies are searched,
//! one null-window search at the smallest value that would beat the plain
//! move by the margin settles the question. The plain move wins ties, and
//! whatever the allowance cuts short counts as not found. Each move's
//! likeliest reply is looked at one move beyond, where the opponent moves
//! again (`TrapMix`, `Verifier::beyond`).

use super::expected::{beyond_first_reply, lowest_raw_reaching, replies_to_verify, ReplyOutcome};
use super::replies::modelled_opponent::ModelledOpponent;
use super::replies::{LikelyReply, ReplyModel};
use super::root_history::{predict, RootHistory, MAX_TRACKED_DEPTH, SHALLOWEST_VIEW};
use super::TrapConfig;
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::{INFINITY, MATE_BOUND};
use crate::search::tt::Bound;
use movegen::Move;

/// A likely reply that was verified to lose for the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapFinding {
    pub root: Move,
    pub reply: Move,
    /// The model's probability, 0..=1000.
    pub probability: i32,
    /// How much better the reply leaves us than the root move's minimax
    /// value (centipawns, up to the cap).
    pub profit: i32,
    /// What it adds to the root move's expected score, in permille of a
    /// point.
    pub gain: i32,
}

/// What the trappy root decided in one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapChoice {
    pub chosen: Move,
    pub plain: Move,
    /// The model's likeliest reply after the chosen move.
    pub predicted_reply: Option<Move>,
    /// Replies to the chosen move verified as traps.
    pub trap_replies: Vec<Move>,
    /// Every verified trap, the plain move's included.
    pub findings: Vec<TrapFinding>,
    /// What the chosen move's expected score beats the plain move's by,
    /// in centipawns on the curve at the plain move's score (0 when the
    /// plain move stands): what a draw among moves counts the trap at.
    pub lead: i32,
}

/// The allowance or the clock ran out.
struct Aborted;

pub fn choose(
    probe: &mut RootProbe<'_>,
    summary: &IterationSummary<'_>,
    histories: &[RootHistory],
    config: &TrapConfig,
    model: &ReplyModel,
    opponent: &mut ModelledOpponent,
) -> TrapChoice {
    let plain = summary.root_order[0];
    let searched = summary.depth as usize;
    let depth = searched.max(config.least_depth);
    let from_iterations = |mv: Move| histories.iter().find(|h| h.mv == mv).and_then(|h| predict(h, searched));
    let mut choice = TrapChoice {
        chosen: plain,
        plain,
        predicted_reply: from_iterations(plain),
        trap_replies: vec![],
        findings: vec![],
        lead: 0,
    };
    // A mate in hand needs no help, and a forced loss cannot be saved.
    // Beyond the tracked depths (an endgame with little left to search)
    // there is no data, and the plain move stands.
    if depth <= SHALLOWEST_VIEW || depth >= MAX_TRACKED_DEPTH || summary.score.abs() >= MATE_BOUND {
        return choice;
    }
    let Some(plain_line) = PlainLine::at(probe, summary, depth).filter(|line| line.score.abs() < MATE_BOUND) else {
        return choice;
    };
    let mut verifier = Verifier {
        probe,
        summary,
        depth,
        plain_line,
        histories,
        config,
        model,
        opponent,
        asked: vec![],
        findings: vec![],
    };
    let plain_score = verifier.plain_score();
    let decided = verifier.run();
    let Verifier { asked, findings, .. } = verifier;
    let prediction_for = |mv: Move| match asked.iter().find(|(root, _)| *root == mv) {
        Some(&(_, reply)) => Some(reply),
        None => from_iterations(mv),
    };
    choice.predicted_reply = prediction_for(plain);
    match decided {
        Some((plain_expected, Some(winner))) => {
            let curve = config.curve;
            let lead =
                curve.centipawns(curve.points(plain_score) + winner.value - plain_expected) - f64::from(plain_score);
            choice.lead = lead.round().max(0.0) as i32;
            choice.chosen = winner.mv;
            choice.predicted_reply = prediction_for(winner.mv);
            choice.trap_replies = winner.trap_replies;
        }
        _ => choice.trap_replies = findings.iter().filter(|f| f.root == plain).map(|f| f.reply).collect(),
    }
    choice.findings = findings;
    choice
}

/// An alternative that beats the plain move.
struct Alternative {
    mv: Move,
    /// Its expected score at the smallest minimax value that beats the
    /// plain move (a lower bound of its own).
    value: f64,
    /// Its searched replies that lose for the opponent.
    trap_replies: Vec<Move>,
}

/// One decision's searches: the plain move's expected score, then the
/// alternatives in the search's order while the allowance lasts.
/// What it learns on the way (the model's likeliest replies, every
/// verified trap) stays in it for the choice to report.
struct Verifier<'v, 'probe> {
    probe: &'v mut RootProbe<'probe>,
    summary: &'v IterationSummary<'v>,
    /// The decision's depth: the search's, or deeper under a cap.
    depth: usize,
    plain_line: PlainLine,
    histories: &'v [RootHistory],
    config: &'v TrapConfig,
    model: &'v ReplyModel,
    opponent: &'v mut ModelledOpponent,
    /// The model's likeliest reply by root move, in the order asked.
    asked: Vec<(Move, Move)>,
    /// Every verified trap, the plain move's included.
    findings: Vec<TrapFinding>,
}

impl<'v> Verifier<'v, '_> {
    fn plain(&self) -> Move {
        self.summary.root_order[0]
    }

    fn depth(&self) -> usize {
        self.depth
    }

    /// The plain move's exact score at the decision's depth.
    fn plain_score(&self) -> i32 {
        self.plain_line.score
    }

    /// The highest value a reply counts at.
    fn ceiling(&self) -> i32 {
        self.plain_score() + self.config.profit_cap
    }

    /// The plain move's expected score and the best alternative, if one
    /// beats it; an alternative verified before the allowance ran out
    /// still counts.
    fn run(&mut self) -> Option<(f64, Option<Alternative>)> {
        let plain_score = self.plain_expected().ok()?;
        Some((plain_score, self.best_alternative(plain_score + self.config.margin)))
    }

    /// The model's replies after `mv`, most likely first.
    fn distribution(&mut self, mv: Move) -> Result<Option<Vec<LikelyReply>>, Aborted> {
        let distribution = self.opponent.replies(self.probe, mv, self.model, self.depth()).map_err(|_| Aborted)?;
        if let Some(likeliest) = distribution.as_ref().and_then(|replies| replies.first()) {
            self.asked.push((mv, likeliest.reply));
        }
        Ok(distribution)
    }

    /// `replies` after `line` (moves from the root) searched with the
    /// window `floor..=ceiling`, their values clamped to it; each a ply
    /// shallower than the decision's depth for every move of the line.
    fn outcomes(
        &mut self,
        line: &[Move],
        replies: &[LikelyReply],
        floor: i32,
        ceiling: i32,
    ) -> Result<Vec<ReplyOutcome>, Aborted> {
        let depth = (self.depth() as i32 - 1 - line.len() as i32).max(0);
        let mut outcomes = Vec::with_capacity(replies.len());
        for likely in replies {
            let searched = [line, &[likely.reply]].concat();
            let value = self.probe.search(&searched, depth, floor, ceiling + 1).ok_or(Aborted)?;
            outcomes.push(ReplyOutcome {
                reply: likely.reply,
                probability: likely.probability,
                value: value.clamp(floor, ceiling),
            });
        }
        Ok(outcomes)
    }

    /// Keeps the replies of `mv` that lose for the opponent against the
    /// plain line; returns them. Their gain is counted at `raw`, their
    /// profit from `highest` (for an alternative, the most its minimax
    /// value can be, so the profit is never overstated).
    fn record_traps(&mut self, mv: Move, outcomes: &[ReplyOutcome], raw: i32, highest: i32) -> Vec<Move> {
        let (plain_score, expectation) = (self.plain_score(), self.config.expectation());
        let traps: Vec<TrapFinding> = outcomes
            .iter()
            .filter(|o| o.value > plain_score && o.value > raw)
            .map(|o| TrapFinding {
                root: mv,
                reply: o.reply,
                probability: (1000.0 * o.probability).round() as i32,
                profit: o.value - highest.max(raw),
                gain: (1000.0 * expectation.reply_gain(raw, o)).round() as i32,
            })
            .collect();
        let replies = traps.iter().map(|t| t.reply).collect();
        self.findings.extend(traps);
        replies
    }

    /// The plain move's expected score: its exact value, and its likely
    /// replies other than the main line's.
    fn plain_expected(&mut self) -> Result<f64, Aborted> {
        let (plain, plain_score, config) = (self.plain(), self.plain_score(), self.config);
        let Some(distribution) = self.distribution(plain)? else { return Ok(config.curve.points(plain_score)) };
        let minimax_reply = self.plain_line.reply;
        let replies = replies_to_verify(&distribution, minimax_reply, config.coverage);
        let first = self.outcomes(&[plain], &replies, plain_score, self.ceiling())?;
        self.record_traps(plain, &first, plain_score, plain_score);
        let outcomes = self.beyond(plain, &distribution, minimax_reply, first, plain_score)?;
        Ok(config.expectation().score(plain_score, &outcomes))
    }

    /// `outcomes` (of `mv`'s replies, searched with the floor `floor`) with
    /// the likeliest reply looked at beyond: when the opponent moves again
    /// after our answer (the table's move), its node counts as `TrapMix`
    /// its minimax value and the rest the model's expectation over its
    /// likely replies there, searched at four plies less than the root
    /// with the window from the node's value to the cap. The likeliest
    /// reply, when it is the minimax reply, is worth the move's minimax
    /// value (at least `floor`).
    fn beyond(
        &mut self,
        mv: Move,
        distribution: &[LikelyReply],
        minimax_reply: Option<Move>,
        mut outcomes: Vec<ReplyOutcome>,
        floor: i32,
    ) -> Result<Vec<ReplyOutcome>, Aborted> {
        let (mix, ceiling) = (self.config.mix, self.ceiling());
        let Some(likeliest) = distribution.first().filter(|_| mix < 1.0) else { return Ok(outcomes) };
        let first = match outcomes.iter().position(|o| o.reply == likeliest.reply) {
            Some(index) => outcomes.remove(index),
            None if minimax_reply == Some(likeliest.reply) => {
                ReplyOutcome { reply: likeliest.reply, probability: likeliest.probability, value: floor }
            }
            None => return Ok(outcomes),
        };
        let answer = self.probe.stored_move(&[mv, first.reply]).filter(|_| first.value < ceiling);
        let Some(answer) = answer else {
            outcomes.push(first);
            return Ok(outcomes);
        };
        let line = [mv, first.reply, answer];
        let Some(distribution) = self.opponent.replies_after(self.probe, &line, self.model).map_err(|_| Aborted)?
        else {
            outcomes.push(first);
            return Ok(outcomes);
        };
        let replies = replies_to_verify(&distribution, self.probe.stored_move(&line), self.config.coverage);
        let seconds = self.outcomes(&line, &replies, first.value, ceiling)?;
        outcomes.extend(beyond_first_reply(&first, &seconds, mix));
        Ok(outcomes)
    }

    /// Walks the alternatives in the search's order, until the allowance
    /// runs out. Each whose value at the final iteration could still win,
    /// were every reply a trap at the cap, is verified.
    fn best_alternative(&mut self, target: f64) -> Option<Alternative> {
        let (plain_score, expectation) = (self.plain_score(), self.config.expectation());
        let searched = self.summary.depth as usize;
        let deeper = self.depth() > searched;
        let mut winner: Option<Alternative> = None;
        for &mv in &self.summary.root_order[1..] {
            let Some(history) = self.histories.iter().find(|h| h.mv == mv) else { continue };
            // raw(m) is counted at most at the plain move's score, and at
            // most at the move's value at the final iteration unless that
            // is a lower bound or the decision looks deeper than it.
            let highest = history.values[searched]
                .filter(|v| v.bound != Bound::Lower && !deeper)
                .map_or(plain_score, |v| v.value.min(plain_score));
            if expectation.best_case(highest, 1.0, self.ceiling()) < target {
                continue;
            }
            // The final iteration's refutation, which counts at raw(m)
            // unsearched, is not one at a deeper decision's depth.
            let minimax_reply = history.preferred[searched].filter(|_| !deeper);
            match self.verify(mv, minimax_reply, highest, target) {
                Ok(Some(found)) if winner.as_ref().is_none_or(|w| found.value > w.value) => winner = Some(found),
                Ok(_) => {}
                Err(Aborted) => break,
            }
        }
        winner
    }

    /// Whether alternative `mv` (minimax value at most `highest`, its
    /// refutation at the final iteration `minimax_reply`) reaches
    /// `target`: its likely replies' values, then one null-window search
    /// at the smallest minimax value that would.
    fn verify(
        &mut self,
        mv: Move,
        minimax_reply: Option<Move>,
        highest: i32,
        target: f64,
    ) -> Result<Option<Alternative>, Aborted> {
        let (expectation, config) = (self.config.expectation(), self.config);
        let Some(distribution) = self.distribution(mv)? else { return Ok(None) };
        let replies = replies_to_verify(&distribution, minimax_reply, config.coverage);
        // The lowest minimax value that could win were every searched
        // reply worth the cap (and the minimax reply's share beyond it, when
        // it is the likeliest): below it the replies' values do not matter.
        let mut every_reply_at_the_cap: Vec<ReplyOutcome> = replies
            .iter()
            .map(|r| ReplyOutcome { reply: r.reply, probability: r.probability, value: self.ceiling() })
            .collect();
        if let Some(likeliest) = distribution.first().filter(|l| config.mix < 1.0 && Some(l.reply) == minimax_reply) {
            let probability = (1.0 - config.mix) * likeliest.probability;
            every_reply_at_the_cap.push(ReplyOutcome { reply: likeliest.reply, probability, value: self.ceiling() });
        }
        let mass: f64 = every_reply_at_the_cap.iter().map(|r| r.probability).sum();
        if expectation.best_case(highest, mass, self.ceiling()) < target {
            return Ok(None);
        }
        let Some(floor) = lowest_raw_reaching(-MATE_BOUND + 1, highest, &every_reply_at_the_cap, &expectation, target)
        else {
            return Ok(None);
        };
        if self.depth() > self.summary.depth as usize {
            return self.verify_deeper(mv, &replies, floor, target);
        }
        let first = self.outcomes(&[mv], &replies, floor, self.ceiling())?;
        let outcomes = self.beyond(mv, &distribution, minimax_reply, first.clone(), floor)?;
        let Some(threshold) = lowest_raw_reaching(floor, highest, &outcomes, &expectation, target) else {
            return Ok(None);
        };
        let trap_replies = self.record_traps(mv, &first, threshold, highest);
        if !self.reaches(mv, threshold)? {
            return Ok(None);
        }
        Ok(Some(Alternative { mv, value: expectation.score(threshold, &outcomes), trap_replies }))
    }

    /// Whether root move `mv`'s minimax value at the decision's depth is
    /// at least `value`: one null-window search.
    fn reaches(&mut self, mv: Move, value: i32) -> Result<bool, Aborted> {
        let score = self.probe.search(&[mv], self.depth() as i32 - 1, value - 1, value).ok_or(Aborted)?;
        Ok(score >= value)
    }
}

/// The plain move's exact score and the reply that refutes it, at the
/// decision's depth.
#[derive(Copy, Clone)]
struct PlainLine {
    score: i32,
    reply: Option<Move>,
}

impl PlainLine {
    /// The search's own at its depth; at a deeper decision's, the plain
    /// move searched again with a full window. `None` when the allowance
    /// or the clock cut that short.
    fn at(probe: &mut RootProbe<'_>, summary: &IterationSummary<'_>, depth: usize) -> Option<PlainLine> {
        if depth == summary.depth as usize {
            return Some(PlainLine { score: summary.score, reply: summary.pv.get(1).copied() });
        }
        let plain = summary.root_order[0];
        let score = probe.search(&[plain], depth as i32 - 1, -INFINITY, INFINITY)?;
        Some(PlainLine { score, reply: probe.stored_reply(plain).map(|stored| stored.reply) })
    }
}

impl Verifier<'_, '_> {
    /// `verify` at a decision deeper than the search, where the plain move
    /// is not the best by construction: `mv`'s exact value, and its
    /// replies' values above it, counted as if `mv` were worth no more than
    /// the plain move. A better move is no trap, and the limited engine
    /// was calibrated without the deeper view: what an alternative gains
    /// here comes from the opponent's likely mistakes alone. Most
    /// alternatives are worse than the plain move by more than any trap
    /// could make up for (below `floor`), and the search's order of them
    /// is a shallower one: one null-window search settles those first.
    fn verify_deeper(
        &mut self,
        mv: Move,
        replies: &[LikelyReply],
        floor: i32,
        target: f64,
    ) -> Result<Option<Alternative>, Aborted> {
        if !self.reaches(mv, floor)? {
            return Ok(None);
        }
        let depth = self.depth() as i32 - 1;
        let raw = self.probe.search(&[mv], depth, -INFINITY, INFINITY).ok_or(Aborted)?;
        // A mate the search did not see is no trap either.
        if raw.abs() >= MATE_BOUND {
            return Ok(None);
        }
        let above_plain = (raw - self.plain_score()).max(0);
        let counted = raw - above_plain;
        let outcomes: Vec<ReplyOutcome> = (self.outcomes(&[mv], replies, raw, raw + self.config.profit_cap)?)
            .into_iter()
            .map(|outcome| ReplyOutcome { value: outcome.value - above_plain, ..outcome })
            .collect();
        let value = self.config.expectation().score(counted, &outcomes);
        if value < target {
            return Ok(None);
        }
        let trap_replies = self.record_traps(mv, &outcomes, counted, counted);
        Ok(Some(Alternative { mv, value, trap_replies }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result_curve::ResultCurve;
    use crate::search::root_policy::RootPolicy;
    use crate::search::{SearchLimits, SearchRequest, Searcher};
    use crate::trappy::expected::{second_node_points, Expectation};
    use crate::trappy::TrapMode;
    use crate::tunables::Tunables;
    use movegen::Board;

    /// What the likeliest reply to the plain move is worth, in points, at
    /// the plain move's own value, with the opponent's node after our
    /// answer counted at each mix; and the model's expectation there,
    /// worked out apart from the decision.
    #[derive(Default)]
    struct SecondNode {
        at_mix: Vec<(f64, f64, u64)>,
        model_expectation: f64,
        minimax: f64,
    }

    impl RootPolicy for SecondNode {
        fn is_active(&self) -> bool {
            true
        }

        fn allowance(&self, _: u64) -> u64 {
            10_000_000
        }

        fn iteration_finished(&mut self, _: &RootProbe<'_>, _: &IterationSummary<'_>) {}

        fn choose(&mut self, probe: &mut RootProbe<'_>, summary: &IterationSummary<'_>) -> Option<Move> {
            let (plain, reply, score) = (summary.pv[0], summary.pv[1], summary.score);
            let natural = ReplyModel::Natural { temperature: 50 };
            let base = TrapConfig::from_tunables(&Tunables::default());
            let likeliest = [LikelyReply { reply, probability: 1.0 }];
            let expectation = Expectation { trust: 1.0, curve: ResultCurve::ENGINE };
            for mix in [0.0, 0.5, 1.0] {
                let config = TrapConfig { mode: TrapMode::On, mix, curve: ResultCurve::ENGINE, ..base };
                let mut opponent = ModelledOpponent::default();
                let mut verifier = Verifier {
                    probe,
                    summary,
                    depth: summary.depth as usize,
                    plain_line: PlainLine { score, reply: Some(reply) },
                    histories: &[],
                    config: &config,
                    model: &natural,
                    opponent: &mut opponent,
                    asked: vec![],
                    findings: vec![],
                };
                let before = verifier.probe.nodes();
                let outcomes = verifier.beyond(plain, &likeliest, Some(reply), vec![], score).ok()?;
                let spent = verifier.probe.nodes() - before;
                self.at_mix.push((mix, expectation.score(score, &outcomes), spent));
            }
            // The model's expectation at the opponent's node, step by step:
            // our answer from the table, the model's likely replies there
            // (a fresh opponent, as the decision's was), each searched two
            // plies less than the reply was.
            let answer = probe.stored_move(&[plain, reply])?;
            let line = [plain, reply, answer];
            let distribution = ModelledOpponent::default().replies_after(probe, &line, &natural).ok()??;
            let ceiling = score + base.profit_cap;
            let mut seconds = vec![];
            for likely in replies_to_verify(&distribution, probe.stored_move(&line), base.coverage) {
                let value = probe.search(&[plain, reply, answer, likely.reply], 2, score, ceiling + 1)?;
                seconds.push(ReplyOutcome { value: value.clamp(score, ceiling), ..likely_outcome(likely) });
            }
            let first = ReplyOutcome { reply, probability: 1.0, value: score };
            self.model_expectation = second_node_points(&ResultCurve::ENGINE, &first, &seconds, 0.0);
            self.minimax = ResultCurve::ENGINE.points(score);
            None
        }
    }

    fn likely_outcome(likely: LikelyReply) -> ReplyOutcome {
        ReplyOutcome { reply: likely.reply, probability: likely.probability, value: 0 }
    }

    #[test]
    fn beyond_the_first_reply_the_mix_runs_from_the_models_expectation_to_minimax() {
        let board = Board::from_fen(SECOND_NODE_TRAP).expect("valid");
        let mut searcher = Searcher::new(16);
        let limits = SearchLimits { depth: Some(6), ..SearchLimits::default() };
        let mut policy = SecondNode::default();
        searcher.search_with_policy(SearchRequest::new(&board, &limits), Some(&mut policy));
        let [(_, model, _), (_, half, _), (_, minimax, spent)] = policy.at_mix[..] else {
            panic!("{:?}", policy.at_mix)
        };
        assert_eq!((minimax, spent), (policy.minimax, 0), "at 1, minimax and nothing searched");
        assert!((model - policy.model_expectation).abs() < 1e-9, "at 0, the model's expectation");
        assert!(model > policy.minimax + 0.1, "the opponent's likely second reply loses");
        assert!((half - (model + minimax) / 2.0).abs() < 1e-9);
    }

    /// Black's rook alone guards its back rank. The plain line is Nb5 a6
    /// Na7, the knight chasing the rook: at the opponent's second node
    /// the natural model moves the rook along the c-file most of the time,
    /// and Re8 mates; only Rd8 keeps the guard.
    const SECOND_NODE_TRAP: &str = "2r3k1/p4ppp/8/8/8/2N5/5PPP/4R1K1 w - - 0 1";
}
