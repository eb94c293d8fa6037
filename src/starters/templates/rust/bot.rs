//! {{TITLE}}: a starter bot for Tabula, in Rust.
//!
//! Each turn it reads the statement's input into plain data (read_init, read_turn) and answers one
//! legal move (choose). Make it play better in choose. Keep stdout for answers: write debugging
//! output with eprintln!, to stderr, which the replay shows.
#![allow(dead_code)] // each game uses only some of the readers

use std::io::{self, Write};

/// The next line of input. The input ends when the game is over: then the bot exits.
fn read_line() -> String {
    let mut line = String::new();
    if io::stdin().read_line(&mut line).expect("stdin") == 0 {
        std::process::exit(0);
    }
    line.trim_end_matches(&['\r', '\n'][..]).to_string()
}

fn read_int() -> i32 {
    read_line().trim().parse().expect("an integer")
}

fn read_ints() -> Vec<i32> {
    read_line().split_whitespace().map(|word| word.parse().expect("an integer")).collect()
}

fn read_lines(count: i32) -> Vec<String> {
    (0..count).map(|_| read_line()).collect()
}

{{GAME_CODE}}

fn main() {
    let mut init = read_init();
    // None: the bot saw the end of the game by itself.
    while let Some(turn) = read_turn(&mut init) {
        // One line per answer, flushed at once: the referee's clock runs until it arrives.
        println!("{}", choose(&mut init, &turn));
        io::stdout().flush().expect("stdout");
    }
}
