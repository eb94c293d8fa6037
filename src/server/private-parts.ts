/**
 * What only a bot's author may read of its games: its stderr, and a crash's message (which quotes
 * its last stderr lines). A contest's pages show a game with these left out for every seat whose bot
 * is not the viewer's.
 */
import type { Replay } from '../arena/replay.js';
import type { GameResult } from '../core/game-result.js';

/** A replay without what only the bots' owners may read: for every seat not in `shown`. */
export function hidePrivate<R extends Pick<Replay, 'turns'> & { readonly result?: GameResult }>(
  replay: R,
  shown: ReadonlySet<number>,
): R {
  const hidden = (seat: number) => !shown.has(seat);
  return {
    ...replay,
    turns: replay.turns.map((t) =>
      hidden(t.seat)
        ? {
            ...t,
            stderr: '',
            ...(t.failure?.status === 'crash' && { failure: { status: 'crash' as const, message: PRIVATE } }),
          }
        : t,
    ),
    ...(replay.result && {
      result: {
        ...replay.result,
        players: replay.result.players.map((p) =>
          hidden(p.seat) && p.status === 'crash' ? { ...p, message: PRIVATE } : p,
        ),
        reason: replay.result.players.some((p) => hidden(p.seat) && p.status === 'crash')
          ? replay.result.reason.replace(/crash.*$/s, `crash (${PRIVATE})`)
          : replay.result.reason,
      },
    }),
  };
}

/** What stands for a message only a bot's owner may read. */
const PRIVATE = "the bot's own output: only its author sees it";
