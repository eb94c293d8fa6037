/**
 * Where a game starts: the game's own start, a position in the game's notation, or random plies
 * played by the referee from the start, chosen by the game's seed (so both games of a pair, which
 * share a seed, start alike).
 */
import { type GameDefinition, type GameSetup, SetupError } from '../core/game.js';
import { deriveSeed, Rng } from '../core/rng.js';

export type Opening = { readonly randomPlies: number } | { readonly position: string };

/** The part of a game's seed that chooses its random opening plies (bots use 0, 1, ...). */
const OPENING_SEED_PART = 1000;

/**
 * The most random plies an opening takes. Openings vary a game's start; many more random plies play
 * the game itself, up to its end: with 100,000, a Mills game reached its turn limit and was decided
 * at the bots' first move. 30 take Mills and Nine Men's Morris past their placing of 18 pieces, and
 * are under half of a random Nine Men's Morris game (68 plies in the median) or Minishogi game (88).
 */
export const MAX_RANDOM_PLIES = 30;

/** Refuses an opening the game cannot start from, saying why. */
export function checkOpening(game: GameDefinition, opening: Opening, setup: GameSetup): void {
  startOf(game, setup, opening);
}

/** The state the game starts from. Random plies never end the game: a ply that would is not chosen. */
export function startOf<S, M>(game: GameDefinition<S, M>, setup: GameSetup, opening: Opening | undefined): S {
  const { rules } = game;
  const start = rules.initial(setup);
  if (opening === undefined) return start;
  if (!game.openings) {
    throw new SetupError(`${game.title} always starts from its own start: its protocol cannot tell a bot another`);
  }
  if ('position' in opening) {
    if (!game.openings.parse) throw new SetupError(`${game.title} has no notation for positions: use random plies`);
    const parsed = game.openings.parse(opening.position, setup);
    if (!parsed.ok) throw new SetupError(`opening ${JSON.stringify(opening.position)}: ${parsed.error}`);
    return parsed.value;
  }
  if (opening.randomPlies > MAX_RANDOM_PLIES)
    throw new SetupError(
      `${opening.randomPlies} random plies would play much of the game: an opening takes at most ${MAX_RANDOM_PLIES}`,
    );
  const rng = new Rng(deriveSeed(setup.seed, OPENING_SEED_PART));
  let state = start;
  for (let ply = 0; ply < opening.randomPlies; ply++) {
    const moves = rules.legalMoves(state).filter((m) => rules.outcome(rules.play(state, m)) === null);
    if (moves.length === 0) break;
    state = rules.play(state, rng.pick(moves));
  }
  return state;
}
