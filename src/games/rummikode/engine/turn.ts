/**
 * The strong bot's play within a turn, one command per exchange: at the turn's first command it
 * plans (planner.ts), then plays the plan's commands, then throws what the hand throws by PUSH and
 * ADD, one command at a time, each chosen so that the most the hand throws stays reachable; then
 * it waits. If an input is not the state it expected, it plans again from there. Before its first
 * push, it may wait for a bigger opening (`waits`).
 */

import { type Card, MAX_NUMBER, numberOf } from '../cards.js';
import type { TurnInput } from '../input.js';
import {
  applyMove,
  canAct,
  checkMove,
  costsAction,
  formatMove,
  movesOf,
  type RummiMove,
  type Stacks,
  type Table,
} from '../moves.js';
import { type Budget, type Plan, Planner } from './planner.js';

/** What the bot expects to read next: the table, its hand and its actions, as after its last command. */
interface Expected {
  readonly table: Table;
  /** The other players' card counts and the pile: unchanged while the turn goes on. */
  readonly others: string;
}

const sameStacks = (a: Stacks, b: Stacks): boolean =>
  a.length === b.length && a.every((s, i) => JSON.stringify(s) === JSON.stringify(b[i]));
const sameCards = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

export class TurnPlayer {
  private readonly planner = new Planner();
  /** The input does not say whether a player has pushed its first stack: the bot remembers. */
  private opened = false;
  /** The rest of the plan's commands; then the free throwing. */
  private steps: RummiMove[] = [];
  /** Null when the next input starts a turn. */
  private expected: Expected | null = null;

  /** Whether the bot has thrown a card this turn: then it does not draw. */
  private threw = false;
  /** The bot's turns so far, this one included. */
  private turns = 0;

  constructor(
    private readonly budget: Budget,
    private readonly keep: number,
    /** Told when a planned command is refused (a planner mistake): the bot then throws what it can. */
    private readonly log: (text: string) => void,
    /** The bot's turn by which it opens at the latest, if it can (see `waits`); 0: as soon as it can. */
    private readonly openBy = 0,
  ) {}

  /** The command to play at this input. */
  answer(turn: TurnInput): RummiMove {
    const me = turn.players[turn.me]!;
    const table: Table = { stacks: turn.stacks, hand: me.hand, actionsLeft: me.actionsLeft, opened: this.opened };
    const others = othersOf(turn);
    const starts = !this.expected;
    if (starts) {
      this.threw = false;
      this.turns++;
    }
    if (starts || !this.matches(table, others)) {
      const plan = this.planner.plan(table.stacks, table.hand, table.actionsLeft, table.opened, this.budget);
      this.steps = [...plan.moves];
      if (starts && this.waits(table, turn, plan)) {
        this.steps = [];
        return { kind: 'WAIT' };
      }
    }
    let move = this.steps.shift() ?? this.freeMove(table, turn);
    // A plan is checked before it is sent: a planner mistake must not lose the game.
    const checked = checkMove(table, move);
    if (!checked.ok) {
      this.log(`planned command refused: ${formatMove(move)}: ${checked.error}`);
      this.steps = [];
      move = this.freeMove(table, turn);
    }
    if (move.kind === 'PUSH' || move.kind === 'ADD') this.threw = true;
    if (move.kind === 'TAKE') move = this.merged(table, move);
    const after = applyMove(table, move);
    const next: Table = {
      stacks: after.stacks,
      hand: after.hand,
      actionsLeft: table.actionsLeft - (costsAction(move.kind) ? 1 : 0),
      opened: this.opened || move.kind === 'PUSH',
    };
    this.opened = next.opened;
    // The turn ends with WAIT, or by itself once WAIT is all there is.
    this.expected = move.kind === 'WAIT' || !canAct(next) ? null : { table: next, others };
    return move;
  }

  /**
   * Whether to wait (and draw) rather than open: before its turn `openBy`, while the opening turn
   * would leave more than OPEN_LEFT cards in hand, and no other player is close to out. Measured:
   * a bigger hand, opened on a table the others have filled, empties in fewer turns than a hand
   * opened early and then played card by card, with a draw on every turn that throws nothing.
   */
  private waits(table: Table, turn: TurnInput, plan: Plan): boolean {
    if (table.opened || plan.moves.length === 0 || this.turns >= this.openBy) return false;
    if (turn.players.some((p, i) => i !== turn.me && p.cardCount <= OPEN_NOW)) return false;
    return table.hand.length - plan.thrown > OPEN_LEFT;
  }

  private matches(table: Table, others: string): boolean {
    const expected = this.expected!;
    return (
      others === expected.others &&
      table.actionsLeft === expected.table.actionsLeft &&
      sameCards(table.hand, expected.table.hand) &&
      sameStacks(table.stacks, expected.table.stacks)
    );
  }

  /**
   * A TAKE whose card the rest of the plan puts back on the table, made one command: a MOVE onto
   * the stack that takes it, or a SPLIT where the card goes back onto a part of its own run (the
   * same table, one command fewer; the 250-command cap counts commands). The plan's ADD of that
   * card is then dropped. Kept only if the rest of the plan throws as much after it.
   */
  private merged(table: Table, take: RummiMove & { kind: 'TAKE' }): RummiMove {
    const target = this.valueAfter(table, [take, ...this.steps]);
    const at = this.steps.findIndex((step) => step.kind === 'ADD' && step.card === take.card);
    const rest = at < 0 ? this.steps : this.steps.filter((_, i) => i !== at);
    const ways: RummiMove[] = [];
    for (const add of movesOf({ ...table, hand: [take.card] }, 'ADD'))
      if (add.kind === 'ADD' && add.stack !== take.stack)
        ways.push({ kind: 'MOVE', from: take.stack, to: add.stack, card: take.card });
    const number = numberOf(take.card);
    if (number > 0) ways.push({ kind: 'SPLIT', stack: take.stack, cards: [(take.card - 1) as Card, take.card] });
    if (number < MAX_NUMBER)
      ways.push({ kind: 'SPLIT', stack: take.stack, cards: [take.card, (take.card + 1) as Card] });
    for (const move of ways) {
      if (!checkMove(table, move).ok) continue;
      for (const steps of at < 0 ? [this.steps] : [rest, this.steps])
        if (this.valueAfter(table, [move, ...steps]) >= target) {
          this.steps = [...steps];
          return move;
        }
    }
    return take;
  }

  /** The net throw of playing `moves` from `table`, then the most the hand throws by PUSH and ADD; -Infinity if one is refused. */
  private valueAfter(table: Table, moves: readonly RummiMove[]): number {
    let current = table;
    for (const move of moves) {
      if (!checkMove(current, move).ok) return -Infinity;
      const after = applyMove(current, move);
      current = {
        ...current,
        ...after,
        actionsLeft: current.actionsLeft - (costsAction(move.kind) ? 1 : 0),
        opened: current.opened || move.kind === 'PUSH',
      };
    }
    return table.hand.length - current.hand.length + this.freeThrow(current);
  }

  private freeThrow(table: Table): number {
    this.planner.position.load(table.stacks, table.hand, table.actionsLeft);
    return this.planner.freeThrow();
  }

  /**
   * The next PUSH or ADD on the way to the most the hand throws: the biggest PUSH that keeps it
   * reachable, else such an ADD; WAIT when nothing is left to throw.
   */
  private freeMove(table: Table, turn: TurnInput): RummiMove {
    if (!table.opened) return { kind: 'WAIT' };
    const most = this.freeThrow(table);
    if (most === 0) return { kind: 'WAIT' };
    const pushes = movesOf(table, 'PUSH').sort((a, b) => size(b) - size(a));
    const ways = [...pushes, ...movesOf(table, 'ADD')].filter(
      (move) => size(move) + this.freeThrow({ ...table, ...applyMove(table, move) }) === most,
    );
    if (ways.length === 0) throw new Error('the most the hand throws is not reachable by any PUSH or ADD');
    if (this.keeps(table, turn, most, ways)) return { kind: 'WAIT' };
    return ways[0]!;
  }

  /**
   * Whether to keep the last cards the hand could throw for a later turn, so as not to draw then:
   * once the turn has thrown a card (no draw now), when at most `keep` are left, each an ADD that no
   * other player can spoil by holding the same card, when the hand does not empty and no other player
   * is about to empty theirs.
   */
  private keeps(table: Table, turn: TurnInput, most: number, ways: readonly RummiMove[]): boolean {
    if (!this.threw || most === table.hand.length) return false;
    const others = turn.players.filter((_, i) => i !== turn.me);
    if (others.some((p) => p.cardCount <= CLOSE_TO_OUT)) return false;
    if (most > this.keep) return false;
    return ways.every((move) => move.kind === 'ADD' && others.every((p) => !p.hand.includes(move.card)));
  }
}

/** A player holding this many cards or fewer may empty its hand next turn. */
const CLOSE_TO_OUT = 4;

/** Before opening, the bot waits while its opening turn would leave more than this many cards in hand. */
const OPEN_LEFT = 3;
/** The bot opens as soon as it can once another player holds this many cards or fewer. */
const OPEN_NOW = 4;

const size = (move: RummiMove): number => (move.kind === 'PUSH' ? move.cards.length : 1);

/** What stays the same while a turn goes on: the other players' card counts and the pile. */
const othersOf = (turn: TurnInput): string =>
  `${turn.drawCount} ${turn.players.map((p, i) => (i === turn.me ? '-' : p.cardCount)).join(' ')}`;
