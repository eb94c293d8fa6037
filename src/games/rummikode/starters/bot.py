# RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
# one value per line. No list of actions comes with it: the starter finds one itself.

COLORS = ["BLACK", "BLUE", "GREEN", "YELLOW"]
FIRST_PUSH_TOTAL = 25  # "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"


@dataclass(frozen=True)
class Card:
    number: int  # 0 to 12
    color: str  # BLACK, BLUE, GREEN or YELLOW

    def __str__(self):
        return f"{self.number:02d}_{self.color}"  # "08_BLUE", as the input writes it


@dataclass
class Player:
    nb_cards: int
    actions_left: int  # yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
    cards: list  # Card


@dataclass
class Stack:
    stack_id: int
    stack_type: int  # 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
    cards: list  # Card


@dataclass
class Turn:
    my_player_index: int  # your index in players
    players_count: int
    draw_cards_count: int  # cards left in the common draw
    players: list  # Player, every active player
    stacks: list  # Stack, every stack pushed in the game


@dataclass
class Memory:
    pushed: bool  # the input does not say whether you have pushed your first stack: the bot remembers


def read_card(text):
    number, color = text.split("_")
    return Card(int(number), color)


def read_init():
    return Memory(pushed=False)  # no initialisation input: the first turn's input is like the others


def read_turn(memory):
    my_player_index = read_int()
    players_count = read_int()
    stacks_count = read_int()
    draw_cards_count = read_int()
    players = []
    for _ in range(players_count):  # "3 Lines per player"
        nb_cards = read_int()
        actions_left = read_int()
        cards = [read_card(text) for text in read_line().split(";") if text]
        players.append(Player(nb_cards, actions_left, cards))
    stacks = []
    for _ in range(stacks_count):  # "stackID stackType card1 card2 ..."
        stack_id, stack_type, *cards = read_line().split()
        stacks.append(Stack(int(stack_id), int(stack_type), [read_card(text) for text in cards]))
    return Turn(my_player_index, players_count, draw_cards_count, players, stacks)


def new_stack(hand, min_total):
    """Cards of the hand that make a stack ("The Goal") totalling min_total or more, or None:
    a colour group (3 or 4 cards of one number, colours all different) or a sequence (3 or more
    cards of one colour, consecutive numbers)."""
    for number in range(13):
        group = [Card(number, color) for color in COLORS if Card(number, color) in hand]
        if len(group) >= 3 and number * len(group) >= min_total:
            return group
    for color in COLORS:
        run = []
        for number in range(14):  # 13 ends the last run
            if number < 13 and Card(number, color) in hand:
                run.append(Card(number, color))
                continue
            if len(run) >= 3 and sum(card.number for card in run) >= min_total:
                return run
            run = []
    return None


def choose(memory, turn):
    # "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
    # if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
    hand = turn.players[turn.my_player_index].cards
    stack = new_stack(hand, 0 if memory.pushed else FIRST_PUSH_TOTAL)
    if stack is None:
        return "WAIT"
    memory.pushed = True
    return "PUSH " + " ".join(str(card) for card in stack)
