/**
 * A contest's leagues: one per boss of the game (`tabula games`), lowest first, each guarded by its
 * boss, and above them a top league with no boss, as CodinGame's Legend. A new version starts in the
 * lowest; it is promoted, for good, by a game against its league's boss after which its rating
 * (μ − 3σ) passes the boss's μ.
 */
import { type GameDefinition, leaguesOf } from '../core/game.js';

export interface ContestLeague {
  /** Its place, from 0, the lowest. */
  readonly index: number;
  readonly name: string;
  /** The built-in bot that guards it (with its parameters); null for the top league. */
  readonly boss: string | null;
}

/** The name of the league above the highest boss's. */
export const TOP_LEAGUE = 'legend';

export function contestLeagues(game: GameDefinition): ContestLeague[] {
  const guarded = leaguesOf(game.bosses).map(({ league, boss }, index) => ({ index, name: league, boss }));
  return [...guarded, { index: guarded.length, name: TOP_LEAGUE, boss: null }];
}
