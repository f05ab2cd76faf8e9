//! The evaluation network's training loop: `tuner datagen` (self-play
//! positions and results) and `tuner train` (the network fitted to them).

pub mod datagen_command;
pub mod played_games;
pub mod selfplay_game;
pub mod train_command;
pub mod train_data;
pub mod train_network;
