/**
 * `tabula submit URL PATH --lang L [--game G]`: sends a bot to a contest of a server (the one of game
 * G; its only one when G is not given), then follows it until it is active (exit 0) or rejected (exit
 * 1, with the reason and the end of its log). The first time, an invite makes the author (`--invite
 * CODE --as NAME`), good in every contest of the server, and its token is kept for the next times.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SubmissionData } from '../server/contest-wire.js';
import {
  contestOn,
  filesOf,
  keepMovedToken,
  send,
  serverOrigin,
  submission,
  type TokenOptions,
  tokenFor,
} from './contest-client.js';
import { EXIT, UsageError } from './errors.js';

export interface SubmitOptions extends TokenOptions {
  lang: string;
  /** The contest's game, where the server holds several. */
  game?: string;
}

/** How often a submission is asked about while it is built and validated. */
const FOLLOW_MS = 500;
/** The lines of a rejected build's log printed. */
const LOG_LINES = 30;

export async function submitCommand(url: string, path: string, options: SubmitOptions): Promise<number> {
  const origin = serverOrigin(url);
  if ((options.invite === undefined) !== (options.as === undefined))
    throw new UsageError('--invite and --as go together: the invite code, and the name to join as');
  const { files, leftOut } = filesOf(path);
  const at = await contestOn(origin, options.game);
  for (const left of leftOut) process.stderr.write(`tabula: left out ${left.path}: ${left.why}\n`);
  const { token, moved } = await tokenFor(origin, options);
  const sent = await send(origin, at, token, options.lang, files);
  if (moved) keepMovedToken(origin, moved);
  const what = files.length === 1 ? files[0]!.path : `${files.length} files of ${path}`;
  process.stdout.write(`submitted ${what}: submission ${sent.id}, version ${sent.version}\n`);
  let last = '';
  for (;;) {
    const s = await submission(origin, at, token, sent.id);
    // While it waits for a build slot, where it stands in the queue.
    const now = s.waiting ? `waiting to be built: ${s.waiting.ahead} ahead of it` : s.status;
    if (now !== last) {
      last = now;
      if (s.waiting || s.status === 'building' || s.status === 'validating') process.stdout.write(`${now}\n`);
    }
    if (s.status === 'active') {
      process.stdout.write(
        `active: ${s.name} plays in the ${s.league} league (${origin}${at.pages}/submissions/${s.id})\n`,
      );
      return EXIT.ok;
    }
    if (s.status === 'rejected' || s.status === 'retired') {
      // A validation game's link, made whole: the replay at the failing turn.
      const reason = s.reason.replace('(/games/', `(${origin}/games/`);
      process.stdout.write(`${s.status}: ${reason}\n${logTail(s)}`);
      return 1;
    }
    await sleep(FOLLOW_MS);
  }
}

/** The end of a rejected submission's log, for the author to read at once. */
function logTail(s: SubmissionData): string {
  const lines = s.log.trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const shown = lines.slice(-LOG_LINES);
  const skipped = lines.length - shown.length;
  return `${skipped > 0 ? `[... ${skipped} lines before]\n` : ''}${shown.join('\n')}\n`;
}
