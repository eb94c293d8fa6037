/** `tabula replay <id> --html FILE`: one game in one HTML file that works offline, for a bug report. */
import { writeFile } from 'node:fs/promises';
import type { Replay } from '../arena/replay.js';
import { findGame } from '../games/registry.js';
import { replayGameData } from './game-data.js';
import { offlinePage, readBundle } from './page-html.js';

export async function writeOfflinePage(path: string, replay: Replay, ids: { storedId: number; runId?: number }) {
  const game = await findGame(replay.game).catch(() => undefined);
  await writeFile(path, offlinePage(readBundle(), replayGameData(`${ids.storedId}`, replay, game, ids)));
}
