/** `tabula usi <game> <bot>`: a built-in bot's engine under another protocol (`EngineProtocol`) on stdin/stdout. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { stdioLineIO } from '../arena/process/line-streams.js';
import { findGame } from '../games/registry.js';
import { UsageError } from './errors.js';

async function engineCommand(protocol: string, gameId: string, name: string): Promise<void> {
  const game = await findGame(gameId);
  const server = game.engineProtocols?.[protocol];
  if (!server) throw new UsageError(`${game.id} has no ${protocol} engine`);
  const spec = parseBotSpec(game, `builtin:${name}`);
  if (spec.kind !== 'builtin') throw new Error('a builtin: spec is always a built-in bot');
  if (!server.bots.includes(spec.name))
    throw new UsageError(`${game.id}'s ${protocol} engine runs ${server.bots.join(', ')}, not ${spec.name}`);
  await server.serve(spec.name, spec.params, stdioLineIO());
  // Done (quit, or the input ended): exit, whether or not stdin was closed.
  process.stdin.destroy();
}

export const usiCommand = (gameId: string, name: string): Promise<void> => engineCommand('usi', gameId, name);
