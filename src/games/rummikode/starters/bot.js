// RummiKode (CodinGame). The statement's "Game Input" section: before each action, the whole state,
// one value per line. No list of actions comes with it: the starter finds one itself.

const COLORS = ['BLACK', 'BLUE', 'GREEN', 'YELLOW'];
const FIRST_PUSH_TOTAL = 25; // "The sum of the all the cards numbers pushed in the first stack must be greater or equal to 25"

/**
 * @typedef {object} Card
 * @property {number} number 0 to 12
 * @property {string} color BLACK, BLUE, GREEN or YELLOW
 */

/**
 * @typedef {object} Player
 * @property {number} nbCards
 * @property {number} actionsLeft yours: the actions (TAKE, MOVE, SPLIT, JOIN) left this turn
 * @property {Card[]} cards
 */

/**
 * @typedef {object} Stack
 * @property {number} stackId
 * @property {number} stackType 0: a sequence (one colour, consecutive numbers), 1: a colour group (one number)
 * @property {Card[]} cards
 */

/**
 * @typedef {object} Turn
 * @property {number} myPlayerIndex your index in players
 * @property {number} playersCount
 * @property {number} drawCardsCount cards left in the common draw
 * @property {Player[]} players every active player
 * @property {Stack[]} stacks every stack pushed in the game
 */

/**
 * @typedef {object} Memory
 * @property {boolean} pushed the input does not say whether you have pushed your first stack: the bot remembers
 */

function readCard(text) {
  const [number, color] = text.split('_');
  return { number: Number(number), color };
}

/** "08_BLUE", as the input writes it. */
const cardText = (card) => `${String(card.number).padStart(2, '0')}_${card.color}`;

/** @returns {Memory} */
function readInit() {
  return { pushed: false }; // no initialisation input: the first turn's input is like the others
}

/** @returns {Turn} */
function readTurn() {
  const myPlayerIndex = readInt();
  const playersCount = readInt();
  const stacksCount = readInt();
  const drawCardsCount = readInt();
  const players = Array.from({ length: playersCount }, () => {
    // "3 Lines per player"
    const nbCards = readInt();
    const actionsLeft = readInt();
    const cards = readLine().split(';').filter(Boolean).map(readCard);
    return { nbCards, actionsLeft, cards };
  });
  const stacks = Array.from({ length: stacksCount }, () => {
    const [stackId, stackType, ...cards] = readLine().split(' '); // "stackID stackType card1 card2 ..."
    return { stackId: Number(stackId), stackType: Number(stackType), cards: cards.map(readCard) };
  });
  return { myPlayerIndex, playersCount, drawCardsCount, players, stacks };
}

/**
 * Cards of the hand that make a stack ("The Goal") totalling minTotal or more, or null: a colour
 * group (3 or 4 cards of one number, colours all different) or a sequence (3 or more cards of one
 * colour, consecutive numbers).
 */
function newStack(hand, minTotal) {
  const has = (number, color) => hand.some((card) => card.number === number && card.color === color);
  for (let number = 0; number < 13; number++) {
    const group = COLORS.filter((color) => has(number, color)).map((color) => ({ number, color }));
    if (group.length >= 3 && number * group.length >= minTotal) return group;
  }
  for (const color of COLORS) {
    let run = [];
    for (let number = 0; number <= 13; number++) {
      // 13 ends the last run
      if (number < 13 && has(number, color)) {
        run.push({ number, color });
        continue;
      }
      if (run.length >= 3 && run.reduce((sum, card) => sum + card.number, 0) >= minTotal) return run;
      run = [];
    }
  }
  return null;
}

/** @param {Memory} memory @param {Turn} turn */
function choose(memory, turn) {
  // "Output": PUSH a new stack when the hand has one, else WAIT (which ends the turn, drawing a card
  // if you threw none). ADD, TAKE, MOVE, SPLIT and JOIN are yours to find.
  const hand = turn.players[turn.myPlayerIndex].cards;
  const stack = newStack(hand, memory.pushed ? 0 : FIRST_PUSH_TOTAL);
  if (stack === null) return 'WAIT';
  memory.pushed = true;
  return `PUSH ${stack.map(cardText).join(' ')}`;
}
