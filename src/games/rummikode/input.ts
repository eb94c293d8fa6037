/**
 * The protocol, bot side: reads the statement's input before one command from text alone, so that
 * built-in bots see exactly what an external bot sees.
 */
import type { LineIO } from '../../core/line-io.js';
import { readCount, TurnInputError } from '../../core/turn-input.js';
import { type Card, readCardText } from './cards.js';
import type { Stacks } from './moves.js';
import { STACK_TYPE, type Stack, stackFrom } from './stacks.js';

export interface PlayerInput {
  readonly cardCount: number;
  readonly actionsLeft: number;
  readonly hand: readonly Card[];
}

export interface TurnInput {
  /** The reader's index in `players`. */
  readonly me: number;
  /** The players still in the game. */
  readonly players: readonly PlayerInput[];
  readonly drawCount: number;
  /** The stacks by id. */
  readonly stacks: Stacks;
}

function card(text: string): Card {
  const read = readCardText(text);
  if (read === null) throw new TurnInputError(`expected a card such as 08_BLUE, got ${JSON.stringify(text)}`);
  return read;
}

/** `id type card card ...` into the stack's id and the stack. */
function stackLine(line: string): { id: number; stack: Stack } {
  const [id = '', type = '', ...cards] = line.split(' ');
  const made = stackFrom(cards.map(card));
  if (!made.ok) throw new TurnInputError(`stack line ${JSON.stringify(line)}: ${made.error}`);
  const stack = made.value;
  if (String(STACK_TYPE[stack.kind]) !== type)
    throw new TurnInputError(`stack line ${JSON.stringify(line)}: type ${type} is wrong for a ${stack.kind}`);
  return { id: readCount(id, 'a stack id'), stack };
}

/** Reads the input before one command; null once the input has ended. */
export async function readTurn(io: LineIO): Promise<TurnInput | null> {
  const next = (): Promise<string | null> => io.readLine();
  const header: number[] = [];
  for (const what of ['myPlayerIndex', 'playersCount', 'stacksCount', 'drawCardsCount']) {
    const line = await next();
    if (line === null) return null;
    header.push(readCount(line, what));
  }
  const [me, playerCount, stackCount, drawCount] = header as [number, number, number, number];
  if (me >= playerCount) throw new TurnInputError(`myPlayerIndex ${me} is not below playersCount ${playerCount}`);

  const players: PlayerInput[] = [];
  for (let p = 0; p < playerCount; p++) {
    const [cardLine, actionLine, handLine] = [await next(), await next(), await next()];
    if (handLine === null) return null;
    const hand = handLine === '' ? [] : handLine.split(';').map(card);
    const cardCount = readCount(cardLine!, 'nbCards');
    if (hand.length !== cardCount)
      throw new TurnInputError(`player ${p} has nbCards ${cardCount} but ${hand.length} cards listed`);
    players.push({ cardCount, actionsLeft: readCount(actionLine!, 'actionsLeft'), hand });
  }

  const stacks: (Stack | null)[] = [];
  for (let i = 0; i < stackCount; i++) {
    const line = await next();
    if (line === null) return null;
    const { id, stack } = stackLine(line);
    if (stacks[id]) throw new TurnInputError(`stack ${id} is listed twice`);
    while (stacks.length < id) stacks.push(null);
    stacks[id] = stack;
  }
  return { me, players, drawCount, stacks };
}
