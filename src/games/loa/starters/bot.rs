// Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
// opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

const SIZE: i32 = 8;
const MAX_MOVES: i32 = 100; // "Games exceeding 100 moves will be considered draws": both players' moves counted
const EMPTY: char = '.';
const BLACK: char = 'b';
const WHITE: char = 'w';
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

#[derive(Clone, Copy)]
struct Move {
    r1: i32,
    c1: i32,
    r2: i32,
    c2: i32,
}

struct Init {
    me: char,                  // your colour: BLACK (input 0, moves first) or WHITE (input 1)
    board: [[char; 8]; 8], // board[row][column], both 0 to 7 here (1 to 8 in the moves): EMPTY, BLACK or WHITE
    to_move: char,
    moves_made: i32,
}

struct Turn {
    opponent_move: Option<Move>, // as read, 1 to 8; None before black's first move
}

fn opponent(colour: char) -> char {
    if colour == BLACK { WHITE } else { BLACK }
}

fn on_board(r: i32, c: i32) -> bool {
    (0..SIZE).contains(&r) && (0..SIZE).contains(&c)
}

fn at(game: &Init, r: i32, c: i32) -> char {
    game.board[r as usize][c as usize]
}

/// Every move of colour's pieces: as many squares as there are pieces on the line of movement,
/// jumping its own pieces but never the opponent's, landing on an empty square or capturing.
fn legal_moves(game: &Init, colour: char) -> Vec<Move> {
    let mut moves = Vec::new();
    for r in 0..SIZE {
        for c in 0..SIZE {
            if at(game, r, c) != colour {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let mut steps = 1; // the piece itself, then the pieces both ways along the line
                for sign in [1, -1] {
                    let mut k = 1;
                    while on_board(r + sign * k * dr, c + sign * k * dc) {
                        if at(game, r + sign * k * dr, c + sign * k * dc) != EMPTY {
                            steps += 1;
                        }
                        k += 1;
                    }
                }
                let (r2, c2) = (r + steps * dr, c + steps * dc);
                if !on_board(r2, c2) || at(game, r2, c2) == colour {
                    continue;
                }
                if (1..steps).all(|k| at(game, r + k * dr, c + k * dc) != opponent(colour)) {
                    moves.push(Move { r1: r, c1: c, r2, c2 });
                }
            }
        }
    }
    moves
}

/// Whether colour's pieces form one group, squares touching sideways or diagonally.
fn connected(game: &Init, colour: char) -> bool {
    let mut pieces = 0;
    let mut todo = Vec::new();
    let mut seen = [[false; 8]; 8];
    for r in 0..SIZE {
        for c in 0..SIZE {
            if at(game, r, c) == colour {
                if pieces == 0 {
                    todo.push((r, c));
                    seen[r as usize][c as usize] = true;
                }
                pieces += 1;
            }
        }
    }
    let mut reached = 0;
    while let Some((r, c)) = todo.pop() {
        reached += 1;
        for (dr, dc) in DIRECTIONS {
            let (r2, c2) = (r + dr, c + dc);
            if on_board(r2, c2) && !seen[r2 as usize][c2 as usize] && at(game, r2, c2) == colour {
                seen[r2 as usize][c2 as usize] = true;
                todo.push((r2, c2));
            }
        }
    }
    reached == pieces
}

fn play(game: &mut Init, m: Move) {
    game.board[m.r2 as usize][m.c2 as usize] = at(game, m.r1, m.c1);
    game.board[m.r1 as usize][m.c1 as usize] = EMPTY;
    game.to_move = opponent(game.to_move);
    game.moves_made += 1;
}

/// A player connected (the mover first: it wins if both are), 100 moves made, or no move to play.
fn game_over(game: &Init) -> bool {
    if game.moves_made == 0 {
        return false;
    }
    let mover = opponent(game.to_move);
    connected(game, mover)
        || connected(game, game.to_move)
        || game.moves_made >= MAX_MOVES
        || legal_moves(game, game.to_move).is_empty()
}

fn read_init() -> Init {
    let me = if read_int() == 0 { BLACK } else { WHITE }; // "an integer indicating the color your program is playing"
    // Figure (a): black along the top and bottom rows, white along the left and right columns.
    let mut board = [[EMPTY; 8]; 8];
    for i in 1..7 {
        board[0][i] = BLACK;
        board[7][i] = BLACK;
        board[i][0] = WHITE;
        board[i][7] = WHITE;
    }
    Init { me, board, to_move: BLACK, moves_made: 0 }
}

/// The opponent's move, when it is the opponent's turn; None once the game is over.
fn read_turn(game: &mut Init) -> Option<Turn> {
    if game_over(game) {
        return None;
    }
    if game.to_move == game.me {
        return Some(Turn { opponent_move: None }); // black's first move: nothing to read
    }
    let m = read_ints();
    play(game, Move { r1: m[0] - 1, c1: m[1] - 1, r2: m[2] - 1, c2: m[3] - 1 });
    if game_over(game) {
        return None;
    }
    Some(Turn { opponent_move: Some(Move { r1: m[0], c1: m[1], r2: m[2], c2: m[3] }) })
}

fn choose(game: &mut Init, _turn: &Turn) -> String {
    // Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
    let m = legal_moves(game, game.me)[0];
    play(game, m);
    format!("{} {} {} {}", m.r1 + 1, m.c1 + 1, m.r2 + 1, m.c2 + 1)
}
