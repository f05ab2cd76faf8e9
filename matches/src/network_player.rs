//! A human-move network (lc0's format: Maia) playing in this process, with
//! no lc0 and no pipes. At temperature 0 it plays the network's most likely
//! move, as lc0 does with `go nodes 1`; above 0 it draws its move from the
//! policy sharpened or flattened by the temperature (probabilities to the
//! power 1/T), as a player of that rating varies. The draw is seeded by the
//! position and the player's seed, so two runs, or the two halves of a
//! paired comparison, meet the same moves wherever their games agree.

use crate::player::{MoveLimit, Player, PlayerError, PlayerMove};
use engine::lc0::{Lc0Network, MoveProbability, Scratch};
use engine::probability::{tempered, unit_interval, weighted_draw};
use movegen::{splitmix64, Board, Move};
use std::path::PathBuf;
use std::sync::Arc;

/// How to make a network player; the file is read when a player is built.
#[derive(Clone, Debug)]
pub struct NetworkSpec {
    pub name: String,
    pub path: PathBuf,
    /// 0: always the most likely move.
    pub temperature: f64,
    pub seed: u64,
}

impl PartialEq for NetworkSpec {
    fn eq(&self, other: &NetworkSpec) -> bool {
        (&self.name, &self.path, self.temperature.to_bits(), self.seed)
            == (&other.name, &other.path, other.temperature.to_bits(), other.seed)
    }
}

impl Eq for NetworkSpec {}

pub struct NetworkPlayer {
    spec: NetworkSpec,
    network: Arc<Lc0Network>,
    scratch: Scratch,
}

impl NetworkPlayer {
    pub fn new(spec: NetworkSpec) -> Result<NetworkPlayer, String> {
        if !(spec.temperature.is_finite() && spec.temperature >= 0.0) {
            return Err(format!("player {}: temperature {} must be 0 or more", spec.name, spec.temperature));
        }
        let network = Lc0Network::load(&spec.path).map_err(|e| format!("player {}: {e}", spec.name))?;
        Ok(NetworkPlayer { spec, network: Arc::new(network), scratch: Scratch::default() })
    }
}

/// The move a network player picks from `policy` (best first): the first
/// at temperature 0, else a draw from the policy at that temperature
/// (`p^(1/T)`), with `key` mixed as the seed so that neighbouring keys
/// draw apart.
pub fn pick(policy: &[MoveProbability], temperature: f64, key: u64) -> Option<&MoveProbability> {
    if temperature <= 0.0 || policy.len() < 2 {
        return policy.first();
    }
    let logs: Vec<f64> = policy.iter().map(|entry| f64::from(entry.probability).ln()).collect();
    policy.get(weighted_draw(&tempered(&logs, temperature), unit_interval(splitmix64(key))))
}

impl Player for NetworkPlayer {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }

    fn choose_move(&mut self, start: &Board, moves: &[Move], _limit: &MoveLimit) -> Result<PlayerMove, PlayerError> {
        let mut history = Vec::with_capacity(moves.len() + 1);
        history.push(start.clone());
        for &mv in moves {
            let mut next = history[history.len() - 1].clone();
            next.play(mv);
            history.push(next);
        }
        let key = history[history.len() - 1].hash() ^ self.spec.seed.wrapping_mul(0x2545_f491_4f6c_dd1d);
        let policy = self.network.policy_with(&history, &mut self.scratch);
        let chosen = pick(&policy, self.spec.temperature, key)
            .ok_or_else(|| PlayerError::IllegalMove("asked to move in a position with no legal move".into()))?;
        let mut answer = PlayerMove::bare(chosen.mv);
        answer.note = Some(format!("p={:.1}%", f64::from(chosen.probability) * 100.0));
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> Vec<MoveProbability> {
        let board = Board::startpos();
        let moves: Vec<Move> = board.legal_moves().iter().copied().take(3).collect();
        [0.7f32, 0.2, 0.1].iter().zip(moves).map(|(&probability, mv)| MoveProbability { mv, probability }).collect()
    }

    #[test]
    fn temperature_zero_plays_the_most_likely_move_and_a_draw_follows_the_policy() {
        let policy = policy();
        assert!((0..100).all(|key| pick(&policy, 0.0, key).map(|e| e.mv) == Some(policy[0].mv)));
        let counts = |temperature: f64| {
            let mut counts = [0usize; 3];
            for key in 0..20_000 {
                let chosen = pick(&policy, temperature, key).expect("a move");
                counts[policy.iter().position(|e| e.mv == chosen.mv).expect("listed")] += 1;
            }
            counts
        };
        let at_one = counts(1.0);
        for (count, entry) in at_one.iter().zip(&policy) {
            let share = *count as f64 / 20_000.0;
            assert!((share - f64::from(entry.probability)).abs() < 0.015, "{at_one:?}");
        }
        // Hotter is flatter: the favourite is drawn less often.
        assert!(counts(3.0)[0] < at_one[0] - 2000, "{:?}", counts(3.0));
        // The same key draws the same move.
        assert_eq!(pick(&policy, 1.0, 42).map(|e| e.mv), pick(&policy, 1.0, 42).map(|e| e.mv));
    }
}
