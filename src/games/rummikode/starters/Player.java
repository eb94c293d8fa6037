// RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
// one value per line. No list of actions comes with it: the starter finds one itself.

static final List<String> COLORS = List.of("BLACK", "BLUE", "GREEN", "YELLOW");
// "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"
static final int FIRST_PUSH_TOTAL = 25;

record Card(
        int number, // 0 to 12
        String color) { // BLACK, BLUE, GREEN or YELLOW
    @Override
    public String toString() {
        return String.format("%02d_%s", number, color); // "08_BLUE", as the input writes it
    }
}

record PlayerInput(
        int nbCards,
        int actionsLeft, // yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
        List<Card> cards) {}

record Stack(
        int stackId,
        int stackType, // 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
        List<Card> cards) {}

record Turn(
        int myPlayerIndex, // your index in players
        int playersCount,
        int drawCardsCount, // cards left in the common draw
        List<PlayerInput> players, // every active player
        List<Stack> stacks) {} // every stack pushed in the game

static class Init {
    boolean pushed = false; // the input does not say whether you have pushed your first stack: the bot remembers
}

static Card readCard(String text) {
    String[] parts = text.split("_");
    return new Card(Integer.parseInt(parts[0]), parts[1]);
}

static Init readInit() {
    return new Init(); // no initialisation input: the first turn's input is like the others
}

static Turn readTurn(Init memory) {
    int myPlayerIndex = readInt();
    int playersCount = readInt();
    int stacksCount = readInt();
    int drawCardsCount = readInt();
    List<PlayerInput> players = new ArrayList<>();
    for (int i = 0; i < playersCount; i++) { // "3 Lines per player"
        int nbCards = readInt();
        int actionsLeft = readInt();
        List<Card> cards = new ArrayList<>();
        for (String text : readLine().split(";")) if (!text.isEmpty()) cards.add(readCard(text));
        players.add(new PlayerInput(nbCards, actionsLeft, cards));
    }
    List<Stack> stacks = new ArrayList<>();
    for (int i = 0; i < stacksCount; i++) {
        String[] words = readLine().split(" "); // "stackID stackType card1 card2 ..."
        List<Card> cards = Arrays.stream(words).skip(2).map(Player::readCard).toList();
        stacks.add(new Stack(Integer.parseInt(words[0]), Integer.parseInt(words[1]), cards));
    }
    return new Turn(myPlayerIndex, playersCount, drawCardsCount, players, stacks);
}

/**
 * Cards of the hand that make a stack ("The Goal") totalling minTotal or more, or null: a colour
 * group (3 or 4 cards of one number, colours all different) or a sequence (3 or more cards of one
 * colour, consecutive numbers).
 */
static List<Card> newStack(List<Card> hand, int minTotal) {
    for (int number = 0; number < 13; number++) {
        List<Card> group = new ArrayList<>();
        for (String color : COLORS) if (hand.contains(new Card(number, color))) group.add(new Card(number, color));
        if (group.size() >= 3 && number * group.size() >= minTotal) return group;
    }
    for (String color : COLORS) {
        List<Card> run = new ArrayList<>();
        int total = 0;
        for (int number = 0; number <= 13; number++) { // 13 ends the last run
            if (number < 13 && hand.contains(new Card(number, color))) {
                run.add(new Card(number, color));
                total += number;
                continue;
            }
            if (run.size() >= 3 && total >= minTotal) return run;
            run = new ArrayList<>();
            total = 0;
        }
    }
    return null;
}

static String choose(Init memory, Turn turn) {
    // "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
    // if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
    List<Card> hand = turn.players().get(turn.myPlayerIndex()).cards();
    List<Card> stack = newStack(hand, memory.pushed ? 0 : FIRST_PUSH_TOTAL);
    if (stack == null) return "WAIT";
    memory.pushed = true;
    StringBuilder command = new StringBuilder("PUSH");
    for (Card card : stack) command.append(' ').append(card);
    return command.toString();
}
