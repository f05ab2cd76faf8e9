//! What every subcommand leans on: worker threads, progress bars, SVG
//! charts, atomic file writes and the interrupt handler.

pub mod atomic_write;
pub mod interrupt;
pub mod parallel;
pub mod progress_bar;
pub mod svg_chart;
