/**
 * Draws sample boards of every game with a view, to look at them as a person would: an opening, a
 * middle game, an end, a failure (the mover forfeits), and a person's turn with its clickable
 * elements, then one click made. Random games from a seed, stepped through the rules.
 *
 *   npm run build && node dist/tools/board-samples.js [DIR] [SEED]
 *   for f in DIR/*.svg; do rsvg-convert "$f" -o "${f%.svg}.png"; done
 *
 * DIR defaults to boards-preview/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardOptions, GameDefinition } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { loadGames } from '../src/games/registry.js';

const dir = process.argv[2] ?? 'boards-preview';
const seed = Number(process.argv[3] ?? 7);
mkdirSync(dir, { recursive: true });

/** The states of one random game, the start included. */
function randomGame<S, M>(game: GameDefinition<S, M>, players: number, rng: Rng): S[] {
  let state = game.rules.initial({ seats: players, seed, options: {} });
  const states = [state];
  while (game.rules.outcome(state) === null && states.length < 2000) {
    state = game.rules.play(state, rng.pick(game.rules.legalMoves(state)));
    states.push(state);
  }
  return states;
}

for (const game of (await loadGames()) as GameDefinition[]) {
  const view = game.view;
  if (!view) continue;
  const players = game.seats.max > 2 ? 3 : 2;
  const states = randomGame(game, players, new Rng(seed));
  const draw = (name: string, state: unknown, options: BoardOptions = {}) =>
    writeFileSync(join(dir, `${game.id}-${name}.svg`), view.board(game.rules.snapshot(state), options));
  const at = (fraction: number) => states[Math.floor((states.length - 1) * fraction)]!;
  draw('0-opening', at(0.03));
  draw('1-middle', at(0.5));
  draw('2-end', states.at(-1));
  const failing = at(0.6);
  draw('3-failure', game.rules.forfeit(failing, game.rules.toMove(failing)));
  const playing = at(0.45);
  const moves = view.clicks?.(playing) ?? [];
  const first = [...new Set(moves.map((m) => m.path[0]!))];
  draw('4-to-click', playing, { seat: game.rules.toMove(playing), targets: first });
  const longest = moves.reduce((a, b) => (b.path.length > a.path.length ? b : a), moves[0]!);
  const chosen = longest.path.slice(0, -1);
  const next = moves.filter((m) => chosen.every((id, i) => m.path[i] === id)).map((m) => m.path[chosen.length]!);
  draw('5-clicked', playing, { seat: game.rules.toMove(playing), selected: chosen, targets: [...new Set(next)] });
  console.log(`${game.id}: ${states.length - 1} moves; ${moves.length} click paths at move ${states.indexOf(playing)}`);
}
