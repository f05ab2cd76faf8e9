//! Games, tournaments and statistics. So far: PGN reading and the
//! statistics.

pub mod adjudication;
pub mod game;
pub mod game_record;
pub mod in_process;
pub mod journal;
pub mod openings;
pub mod pgn_reader;
pub mod pgn_writer;
pub mod player;
pub mod stats;
pub mod tournament;
pub mod uci_player;
