//! `[adjudication]`: when a game is ended before the rules end it, and the
//! clock's margin for a flag fall; shared by `tuner match` and `tuner tune`
//! configs.

use matches::adjudication::{AdjudicationRules, DrawRule, ResignRule};
use matches::game::GameSettings;
use serde::Deserialize;
use std::time::Duration;

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct AdjudicationSection {
    pub resign: Option<ResignSection>,
    pub draw: Option<DrawSection>,
    pub max_moves: Option<u32>,
    #[serde(default = "default_margin")]
    pub time_margin_ms: u64,
}

fn default_margin() -> u64 {
    100
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ResignSection {
    pub score: i32,
    pub moves: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct DrawSection {
    pub score: i32,
    pub moves: u32,
    pub after: u32,
}

pub fn build_settings(adjudication: &AdjudicationSection) -> GameSettings {
    GameSettings {
        adjudication: AdjudicationRules {
            resign: adjudication.resign.as_ref().map(|r| ResignRule { score_cp: r.score, moves: r.moves }),
            draw: adjudication.draw.as_ref().map(|d| DrawRule {
                score_cp: d.score,
                moves: d.moves,
                after_move: d.after,
            }),
            max_moves: adjudication.max_moves,
        },
        time_margin: Duration::from_millis(adjudication.time_margin_ms),
    }
}
