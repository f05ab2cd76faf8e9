//! PGN output as cutechess writes it: the seven-tag roster plus FEN/SetUp
//! when the game does not start from the initial position, the time
//! control (one tag, or one per colour when they differ), start and end
//! times and duration, PlyCount and Termination, a `{score/depth time}`
//! comment after every move and the reason after the result.

use crate::calendar::{duration_hms, timestamp};
use crate::game_record::{GameRecord, MoveRecord};
use movegen::{Board, Color, START_FEN};

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn comment(record: &MoveRecord) -> String {
    let reply = &record.reply;
    let score = match (reply.mate, reply.score_cp) {
        (Some(mate), _) => format!("{}M{}", if mate < 0 { "-" } else { "+" }, mate.abs()),
        (None, Some(cp)) => format!("{:+.2}", cp as f64 / 100.0),
        (None, None) => "-".to_string(),
    };
    let depth = reply.depth.map_or("-".to_string(), |d| d.to_string());
    let mut text = format!("{score}/{depth} {:.3}s", record.time_ms as f64 / 1000.0);
    if let Some(note) = &reply.note {
        text.push_str(", ");
        text.push_str(note);
    }
    format!("{{{}}}", text.replace('}', ")"))
}

/// Appends `token` to `out`, wrapping lines at 80 columns.
fn push_wrapped(out: &mut String, line_length: &mut usize, token: &str) {
    if *line_length > 0 && *line_length + 1 + token.len() > 80 {
        out.push('\n');
        *line_length = 0;
    } else if *line_length > 0 {
        out.push(' ');
        *line_length += 1;
    }
    out.push_str(token);
    *line_length += token.len();
}

pub fn write_pgn(game: &GameRecord) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    tag("Event", &game.event);
    tag("Site", &game.site);
    tag("Date", &game.date);
    tag("Round", &game.round);
    tag("White", &game.white);
    tag("Black", &game.black);
    tag("Result", game.result.pgn());
    let start_fen = game.start.to_fen();
    if start_fen != START_FEN {
        tag("FEN", &start_fen);
        tag("SetUp", "1");
    }
    let [white_control, black_control] = &game.time_controls;
    if white_control == black_control {
        tag("TimeControl", white_control);
    } else {
        tag("WhiteTimeControl", white_control);
        tag("BlackTimeControl", black_control);
    }
    tag("GameStartTime", &timestamp(game.started));
    tag("GameEndTime", &timestamp(game.started + game.duration));
    tag("GameDuration", &duration_hms(game.duration));
    tag("PlyCount", &game.moves.len().to_string());
    tag("Termination", game.termination.pgn());
    out.push('\n');

    let mut board: Board = game.start.clone();
    let mut line_length = 0;
    for (index, record) in game.moves.iter().enumerate() {
        let number = board.fullmove_number();
        if board.side_to_move() == Color::White {
            push_wrapped(&mut out, &mut line_length, &format!("{number}."));
        } else if index == 0 {
            push_wrapped(&mut out, &mut line_length, &format!("{number}..."));
        }
        push_wrapped(&mut out, &mut line_length, &board.san(record.reply.mv));
        push_wrapped(&mut out, &mut line_length, &comment(record));
        board.play(record.reply.mv);
    }
    let reason = game.termination.result_comment(game.result).replace('}', ")");
    push_wrapped(&mut out, &mut line_length, &format!("{{{reason}}}"));
    push_wrapped(&mut out, &mut line_length, game.result.pgn());
    out.push_str("\n\n");
    out
}
