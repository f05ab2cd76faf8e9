//! The tuner front end. Built in a later issue.

fn main() {
    eprintln!("tuner: not built yet; see the README");
    std::process::exit(2);
}
