// RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
// one value per line. No list of actions comes with it: the starter finds one itself.

const vector<string> COLORS = {"BLACK", "BLUE", "GREEN", "YELLOW"};
// "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"
const int FIRST_PUSH_TOTAL = 25;

struct Card {
    int number;    // 0 to 12
    string color;  // BLACK, BLUE, GREEN or YELLOW
};

struct Player {
    int nbCards;
    int actionsLeft;  // yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
    vector<Card> cards;
};

struct Stack {
    int stackId;
    int stackType;  // 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
    vector<Card> cards;
};

struct Turn {
    int myPlayerIndex;  // your index in players
    int playersCount;
    int drawCardsCount;      // cards left in the common draw
    vector<Player> players;  // every active player
    vector<Stack> stacks;    // every stack pushed in the game
};

struct Init {
    bool pushed;  // the input does not say whether you have pushed your first stack: the bot remembers
};

Card readCard(const string& text) {
    size_t underscore = text.find('_');
    return Card{stoi(text.substr(0, underscore)), text.substr(underscore + 1)};
}

// "08_BLUE", as the input writes it.
string cardText(const Card& card) { return (card.number < 10 ? "0" : "") + to_string(card.number) + "_" + card.color; }

Init readInit() { return Init{false}; }  // no initialisation input: the first turn's input is like the others

optional<Turn> readTurn(Init&) {
    Turn turn;
    turn.myPlayerIndex = readInt();
    turn.playersCount = readInt();
    int stacksCount = readInt();
    turn.drawCardsCount = readInt();
    for (int i = 0; i < turn.playersCount; i++) {  // "3 Lines per player"
        Player player;
        player.nbCards = readInt();
        player.actionsLeft = readInt();
        for (const string& text : split(readLine(), ';'))
            if (!text.empty()) player.cards.push_back(readCard(text));
        turn.players.push_back(player);
    }
    for (int i = 0; i < stacksCount; i++) {  // "stackID stackType card1 card2 ..."
        istringstream words(readLine());
        Stack stack;
        words >> stack.stackId >> stack.stackType;
        for (string text; words >> text;) stack.cards.push_back(readCard(text));
        turn.stacks.push_back(stack);
    }
    return turn;
}

// Cards of the hand that make a stack ("The Goal") totalling minTotal or more, or none: a colour
// group (3 or 4 cards of one number, colours all different) or a sequence (3 or more cards of one
// colour, consecutive numbers).
optional<vector<Card>> newStack(const vector<Card>& hand, int minTotal) {
    auto has = [&](int number, const string& color) {
        for (const Card& card : hand)
            if (card.number == number && card.color == color) return true;
        return false;
    };
    for (int number = 0; number < 13; number++) {
        vector<Card> group;
        for (const string& color : COLORS)
            if (has(number, color)) group.push_back(Card{number, color});
        if (group.size() >= 3 && number * (int)group.size() >= minTotal) return group;
    }
    for (const string& color : COLORS) {
        vector<Card> run;
        int total = 0;
        for (int number = 0; number <= 13; number++) {  // 13 ends the last run
            if (number < 13 && has(number, color)) {
                run.push_back(Card{number, color});
                total += number;
                continue;
            }
            if (run.size() >= 3 && total >= minTotal) return run;
            run.clear();
            total = 0;
        }
    }
    return nullopt;
}

string choose(Init& memory, const Turn& turn) {
    // "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
    // if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
    const vector<Card>& hand = turn.players[turn.myPlayerIndex].cards;
    optional<vector<Card>> stack = newStack(hand, memory.pushed ? 0 : FIRST_PUSH_TOTAL);
    if (!stack) return "WAIT";
    memory.pushed = true;
    string command = "PUSH";
    for (const Card& card : *stack) command += " " + cardText(card);
    return command;
}
