/** A recorded game as the viewer reads it: the replay, where it is stored, and how to play it again. */
import type { Replay } from '../arena/replay.js';
import type { GameDefinition } from '../core/game.js';
import { playCommandLine } from './reproduce.js';
import type { GameData, GameKey } from './wire.js';

export function replayGameData(
  key: GameKey,
  replay: Replay,
  game: GameDefinition | undefined,
  ids: { readonly storedId?: number; readonly runId?: number },
): GameData {
  return {
    key,
    record: replay,
    ...ids,
    title: game?.title ?? replay.game,
    playCommand: playCommandLine(replay, game),
    personSeats: [],
    live: false,
  };
}
