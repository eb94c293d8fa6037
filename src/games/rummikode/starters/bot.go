// RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
// one value per line. No list of actions comes with it: the starter finds one itself.

var colors = []string{"BLACK", "BLUE", "GREEN", "YELLOW"}

// "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"
const FirstPushTotal = 25

type Card struct {
	Number int    // 0 to 12
	Color  string // BLACK, BLUE, GREEN or YELLOW
}

// String writes the card as the input does: "08_BLUE".
func (card Card) String() string {
	return fmt.Sprintf("%02d_%s", card.Number, card.Color)
}

type Player struct {
	NbCards     int
	ActionsLeft int // yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
	Cards       []Card
}

type Stack struct {
	StackID   int
	StackType int // 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
	Cards     []Card
}

type Turn struct {
	MyPlayerIndex  int // your index in Players
	PlayersCount   int
	DrawCardsCount int      // cards left in the common draw
	Players        []Player // every active player
	Stacks         []Stack  // every stack pushed in the game
}

type Init struct {
	Pushed bool // the input does not say whether you have pushed your first stack: the bot remembers
}

func readCard(text string) Card {
	parts := strings.Split(text, "_")
	return Card{Number: atoi(parts[0]), Color: parts[1]}
}

func readInit() *Init {
	return &Init{} // no initialisation input: the first turn's input is like the others
}

func readTurn(_ *Init) *Turn {
	var turn Turn
	turn.MyPlayerIndex = readInt()
	turn.PlayersCount = readInt()
	stacksCount := readInt()
	turn.DrawCardsCount = readInt()
	for i := 0; i < turn.PlayersCount; i++ { // "3 Lines per player"
		player := Player{NbCards: readInt(), ActionsLeft: readInt()}
		for _, text := range strings.Split(readLine(), ";") {
			if text != "" {
				player.Cards = append(player.Cards, readCard(text))
			}
		}
		turn.Players = append(turn.Players, player)
	}
	for i := 0; i < stacksCount; i++ {
		words := strings.Fields(readLine()) // "stackID stackType card1 card2 ..."
		stack := Stack{StackID: atoi(words[0]), StackType: atoi(words[1])}
		for _, text := range words[2:] {
			stack.Cards = append(stack.Cards, readCard(text))
		}
		turn.Stacks = append(turn.Stacks, stack)
	}
	return &turn
}

func contains(hand []Card, card Card) bool {
	for _, c := range hand {
		if c == card {
			return true
		}
	}
	return false
}

// newStack finds cards of the hand that make a stack ("The Goal") totalling minTotal or more, or nil:
// a colour group (3 or 4 cards of one number, colours all different) or a sequence (3 or more cards of
// one colour, consecutive numbers).
func newStack(hand []Card, minTotal int) []Card {
	for number := 0; number < 13; number++ {
		var group []Card
		for _, color := range colors {
			if contains(hand, Card{number, color}) {
				group = append(group, Card{number, color})
			}
		}
		if len(group) >= 3 && number*len(group) >= minTotal {
			return group
		}
	}
	for _, color := range colors {
		var run []Card
		total := 0
		for number := 0; number <= 13; number++ { // 13 ends the last run
			if number < 13 && contains(hand, Card{number, color}) {
				run = append(run, Card{number, color})
				total += number
				continue
			}
			if len(run) >= 3 && total >= minTotal {
				return run
			}
			run, total = nil, 0
		}
	}
	return nil
}

func choose(memory *Init, turn *Turn) string {
	// "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
	// if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
	minTotal := FirstPushTotal
	if memory.Pushed {
		minTotal = 0
	}
	stack := newStack(turn.Players[turn.MyPlayerIndex].Cards, minTotal)
	if stack == nil {
		return "WAIT"
	}
	memory.Pushed = true
	command := "PUSH"
	for _, card := range stack {
		command += " " + card.String()
	}
	return command
}
