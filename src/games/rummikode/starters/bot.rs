// RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
// one value per line. No list of actions comes with it: the starter finds one itself.

const COLORS: [&str; 4] = ["BLACK", "BLUE", "GREEN", "YELLOW"];
// "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"
const FIRST_PUSH_TOTAL: i32 = 25;

#[derive(Clone, PartialEq)]
struct Card {
    number: i32,   // 0 to 12
    color: String, // BLACK, BLUE, GREEN or YELLOW
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{:02}_{}", self.number, self.color) // "08_BLUE", as the input writes it
    }
}

struct Player {
    nb_cards: i32,
    actions_left: i32, // yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
    cards: Vec<Card>,
}

struct Stack {
    stack_id: i32,
    stack_type: i32, // 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
    cards: Vec<Card>,
}

struct Turn {
    my_player_index: usize, // your index in players
    players_count: i32,
    draw_cards_count: i32, // cards left in the common draw
    players: Vec<Player>,  // every active player
    stacks: Vec<Stack>,    // every stack pushed in the game
}

struct Init {
    pushed: bool, // the input does not say whether you have pushed your first stack: the bot remembers
}

fn read_card(text: &str) -> Card {
    let (number, color) = text.split_once('_').expect("NUMBER_COLOR");
    Card { number: number.parse().expect("a card number"), color: color.to_string() }
}

fn read_init() -> Init {
    Init { pushed: false } // no initialisation input: the first turn's input is like the others
}

fn read_turn(_memory: &mut Init) -> Option<Turn> {
    let my_player_index = read_int() as usize;
    let players_count = read_int();
    let stacks_count = read_int();
    let draw_cards_count = read_int();
    let players = (0..players_count)
        .map(|_| {
            // "3 Lines per player"
            let nb_cards = read_int();
            let actions_left = read_int();
            let cards = read_line().split(';').filter(|text| !text.is_empty()).map(read_card).collect();
            Player { nb_cards, actions_left, cards }
        })
        .collect();
    let stacks = (0..stacks_count)
        .map(|_| {
            let line = read_line(); // "stackID stackType card1 card2 ..."
            let words: Vec<&str> = line.split(' ').collect();
            Stack {
                stack_id: words[0].parse().expect("a stack id"),
                stack_type: words[1].parse().expect("a stack type"),
                cards: words[2..].iter().map(|text| read_card(text)).collect(),
            }
        })
        .collect();
    Some(Turn { my_player_index, players_count, draw_cards_count, players, stacks })
}

/// Cards of the hand that make a stack ("The Goal") totalling min_total or more, or None: a colour
/// group (3 or 4 cards of one number, colours all different) or a sequence (3 or more cards of one
/// colour, consecutive numbers).
fn new_stack(hand: &[Card], min_total: i32) -> Option<Vec<Card>> {
    let card = |number: i32, color: &str| Card { number, color: color.to_string() };
    for number in 0..13 {
        let group: Vec<Card> =
            COLORS.iter().map(|color| card(number, color)).filter(|c| hand.contains(c)).collect();
        if group.len() >= 3 && number * group.len() as i32 >= min_total {
            return Some(group);
        }
    }
    for color in COLORS {
        let mut run: Vec<Card> = Vec::new();
        for number in 0..=13 {
            // 13 ends the last run
            if number < 13 && hand.contains(&card(number, color)) {
                run.push(card(number, color));
                continue;
            }
            if run.len() >= 3 && run.iter().map(|c| c.number).sum::<i32>() >= min_total {
                return Some(run);
            }
            run.clear();
        }
    }
    None
}

fn choose(memory: &mut Init, turn: &Turn) -> String {
    // "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
    // if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
    let hand = &turn.players[turn.my_player_index].cards;
    match new_stack(hand, if memory.pushed { 0 } else { FIRST_PUSH_TOTAL }) {
        None => "WAIT".to_string(),
        Some(stack) => {
            memory.pushed = true;
            let cards: Vec<String> = stack.iter().map(|c| c.to_string()).collect();
            format!("PUSH {}", cards.join(" "))
        }
    }
}
