/**
 * `tabula submit URL PATH --lang L`: sends a bot to a contest server, then follows it until it is
 * active (exit 0) or rejected (exit 1, with the reason and the end of its log). The first time, an
 * invite makes the author (`--invite CODE --as NAME`) and its token is kept for the next times.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SubmissionData } from '../server/contest-wire.js';
import { filesOf, joinContest, keepToken, keptToken, send, serverOrigin, submission } from './contest-client.js';
import { EXIT, UsageError } from './errors.js';

export interface SubmitOptions {
  lang: string;
  invite?: string;
  as?: string;
  token?: string;
}

/** How often a submission is asked about while it is built and validated. */
const FOLLOW_MS = 500;
/** The lines of a rejected build's log printed. */
const LOG_LINES = 30;

export async function submitCommand(url: string, path: string, options: SubmitOptions): Promise<number> {
  const origin = serverOrigin(url);
  if ((options.invite === undefined) !== (options.as === undefined))
    throw new UsageError('--invite and --as go together: the invite code, and the name to join as');
  const files = filesOf(path);
  const token = await tokenFor(origin, options);
  const sent = await send(origin, token, options.lang, files);
  const what = files.length === 1 ? files[0]!.path : `${files.length} files of ${path}`;
  process.stdout.write(`submitted ${what}: submission ${sent.id}, version ${sent.version}\n`);
  let last = '';
  for (;;) {
    const s = await submission(origin, token, sent.id);
    if (s.status !== last) {
      last = s.status;
      if (s.status === 'building' || s.status === 'validating') process.stdout.write(`${s.status}\n`);
    }
    if (s.status === 'active') {
      process.stdout.write(`active: ${s.name} plays in the ${s.league} league (${origin}/submissions/${s.id})\n`);
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

/** The token to send: given, made by joining with an invite (and kept), or kept from before. */
async function tokenFor(origin: string, options: SubmitOptions): Promise<string> {
  if (options.token !== undefined) return options.token;
  if (options.invite !== undefined && options.as !== undefined) {
    const joined = await joinContest(origin, options.invite, options.as);
    const kept = keepToken(origin, { author: joined.author, token: joined.token });
    process.stdout.write(
      `joined ${origin} as ${joined.author}; your token: ${joined.token}\n` +
        (kept
          ? `(kept in ${kept}: later submissions need no --token)\n`
          : '(it could not be kept: give it with --token from now on)\n'),
    );
    return joined.token;
  }
  const kept = keptToken(origin);
  if (!kept)
    throw new UsageError(`no token of yours for ${origin}: join with --invite CODE --as NAME, or give --token`);
  return kept.token;
}

/** The end of a rejected submission's log, for the author to read at once. */
function logTail(s: SubmissionData): string {
  const lines = s.log.trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const shown = lines.slice(-LOG_LINES);
  const skipped = lines.length - shown.length;
  return `${skipped > 0 ? `[... ${skipped} lines before]\n` : ''}${shown.join('\n')}\n`;
}
