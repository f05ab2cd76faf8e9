//! The PGN reader the harness reads openings and games with. It lives in
//! `movegen` (PGN is notation, and the engine's `trappy traps --game`
//! reads games too); this module keeps the harness's path to it.

pub use movegen::{read_pgn, PgnError, PgnGame};
