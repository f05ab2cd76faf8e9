//! Games between players (in-process configurations and external UCI
//! engines), tournaments with journals and PGN, and match statistics.

pub mod adjudication;
pub mod calendar;
pub mod engine_log;
pub mod game;
pub mod game_record;
pub mod in_process;
pub mod journal;
pub mod journal_scores;
pub mod network_player;
pub mod odds;
pub mod openings;
pub mod pgn_reader;
pub mod pgn_writer;
pub mod player;
pub mod schedule;
pub mod sprt_plan;
pub mod stats;
pub mod tournament;
pub mod uci_player;
