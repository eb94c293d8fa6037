/**
 * The turn loop of Nine Men's Morris's greedy and strong bots: the initialisation and each turn's
 * input read into the engine's position, and the chosen command written. The input does not say
 * how many moves were played nor how many stones each player has placed, so the loop counts them.
 */
import { pointOfField } from '../../../boards/morris.js';
import { popcount } from '../../../boards/morris-engine/bitboard.js';
import type { PackedMove } from '../../../boards/morris-engine/moves.js';
import type { LineIO } from '../../../core/line-io.js';
import { readInitialisation, readTurn } from '../input.js';
import { MorrisPosition } from '../position.js';
import { formatMove, unpackCommand } from '../rules.js';

/** `choose` gets the position and when its input was read (`performance.now()`). */
export type Chooser = (p: MorrisPosition, startedAt: number) => PackedMove;

export async function playMorris(io: LineIO, choose: Chooser): Promise<void> {
  const init = await readInitialisation(io);
  if (init === null) return;
  const me = init.playerId;
  let count: Count | null = null;
  for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io)) {
    const startedAt = performance.now();
    const stones: [number, number] = [0, 0];
    for (const [field, state] of turn.board) if (state !== 2) stones[state] |= 1 << pointOfField(field)!;
    count = count === null ? firstCount(stones, me) : afterOpponent(count, turn.opMove);
    const move = unpackCommand(choose(MorrisPosition.of(stones, count.placed, count.ply), startedAt));
    let line = formatMove(move);
    if (!turn.commands.includes(line)) {
      // Never expected (the fast rules are checked against the referee's): lose no game for it.
      io.log(`not a listed command: ${line}`);
      line = turn.commands[0]!;
    }
    io.writeLine(line);
    count = afterOwn(count, me, line);
  }
}

/** What the input does not say: the moves played, and the stones each player has placed. */
interface Count {
  readonly ply: number;
  readonly placed: readonly [number, number];
}

/**
 * The count at a player's first turn, from the stones on the board. From the start of a game it is
 * exact; after opening moves played by the referee, it assumes that they took no stone.
 */
function firstCount(stones: readonly [number, number], me: 0 | 1): Count {
  const placed: [number, number] = [popcount(stones[0]), popcount(stones[1])];
  const ply = placed[0] + placed[1];
  // Player 0 moves at even plies: an odd count means a stone was taken (from the player to move).
  if ((ply & 1) !== me) placed[me]++;
  return { ply: ply + ((ply & 1) ^ me), placed };
}

const placing = (line: string): boolean => line.startsWith('PLACE');

function afterOwn(count: Count, me: 0 | 1, line: string): Count {
  const placed: [number, number] = [...count.placed];
  if (placing(line)) placed[me]++;
  return { ply: count.ply + 1, placed };
}

function afterOpponent(count: Count, opMove: string): Count {
  const placed: [number, number] = [...count.placed];
  if (placing(opMove)) placed[count.ply & 1]!++;
  return { ply: count.ply + 1, placed };
}
