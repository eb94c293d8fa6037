// Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
// fields' neighbours, then each turn the opponent's last command, the board and every valid command.

use std::collections::HashMap;

struct Init {
    player_id: i32,                          // 0 or 1: your stones are this number on the board
    neighbors: HashMap<String, Vec<String>>, // each field ("A1" to "G7") and the fields adjacent to it
}

struct Turn {
    op_move: String,              // the opponent's last command, or "-" before any
    board: HashMap<String, i32>,  // each field and its state: 0 a stone of player 0, 1 of player 1, 2 empty
    commands: Vec<String>,        // every valid command for this turn
}

fn read_init() -> Init {
    let player_id = read_int();
    let mut neighbors = HashMap::new();
    for line in read_lines(read_int()) {
        let (field, adjacent) = line.split_once(':').expect("FIELD:N1;N2"); // "A1:A4;D1"
        neighbors.insert(field.to_string(), adjacent.split(';').map(String::from).collect());
    }
    Init { player_id, neighbors }
}

fn read_turn(_init: &mut Init) -> Option<Turn> {
    let op_move = read_line();
    let mut board = HashMap::new();
    for entry in read_line().split(';') {
        let (field, state) = entry.split_once(':').expect("FIELD:STATE"); // "A1:2"
        board.insert(field.trim().to_string(), state.trim().parse().expect("0, 1 or 2"));
    }
    let commands = read_lines(read_int());
    Some(Turn { op_move, board, commands })
}

fn choose(_init: &mut Init, turn: &Turn) -> String {
    // "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
    turn.commands[0].clone()
}
