// Scratch: dump the trap table for one root move.
use engine::search::{SearchLimits, Searcher};
use movegen::Board;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board = Board::from_fen(&args[1]).unwrap();
    let depth: i32 = args[3].parse().unwrap();
    let mut s = Searcher::new(64);
    s.annotate = true;
    s.search(&board, &[], &SearchLimits::depth(depth), &mut |_| {});
    let (table, d) = s.last_trap_table.as_ref().unwrap();
    for root in &table.roots {
        if root.mv.to_string() != args[2] {
            continue;
        }
        println!("root {} raw {:?}", root.mv, &root.raw[1..=*d]);
        for r in &root.replies {
            let v: Vec<String> = (1..=*d)
                .map(|i| match r.probes[i] {
                    Some(p) => format!("{:?}", p),
                    None => "-".into(),
                })
                .collect();
            println!("  {} {}", r.mv, v.join(" "));
        }
    }
}
