/**
 * The demo of a contest site (`npm start`, `tabula ladder --demo`): on a site without authors, three
 * demo authors join and submit the game's built-in bots to every contest, each exported as one
 * JavaScript file (arena/builtin/export.ts) and sent as an author's would be: built, validated,
 * ranked, promoted, a second version replacing the first. A newcomer sees leaderboards move within
 * a minute, and submissions of their own take the same path.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportBuiltinBot } from '../arena/builtin/export.js';
import type { Contest } from './contest.js';
import type { ContestSite } from './site.js';

/**
 * Each demo author's versions, by the place of the built-in bot in the game's list (weakest first,
 * -1 the last): ada improves from the weakest, grace from the second to the strongest, alan stays
 * with the weakest.
 */
const DEMO_AUTHORS: readonly { readonly name: string; readonly versions: readonly number[] }[] = [
  { name: 'ada', versions: [0, 1] },
  { name: 'grace', versions: [1, -1] },
  { name: 'alan', versions: [0] },
];

/**
 * Enters the demo authors on a site that has none (returns false where it has authors: a demo
 * started again goes on where it stopped). Their submissions are queued at once; builds follow.
 */
export async function enterDemoAuthors(site: ContestSite): Promise<boolean> {
  if (site.people.authors().length > 0) return false;
  const invites = site.invite(DEMO_AUTHORS.length);
  const authors = DEMO_AUTHORS.map((a, i) => ({ ...a, author: site.join(invites[i]!, a.name).author }));
  const dir = mkdtempSync(join(tmpdir(), 'tabula-demo-'));
  try {
    for (const contest of site.contests)
      for (const { author, versions } of authors)
        for (const bot of botsOf(contest, versions))
          contest.submit(author, 'javascript', [{ path: 'bot.js', data: await exported(contest, bot, dir) }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return true;
}

/** The built-in bots of an author's versions in the contest's game, a version alike to the one before left out. */
function botsOf(contest: Contest, versions: readonly number[]): string[] {
  const bots = Object.keys(contest.game.bots);
  const named = versions.map((place) => bots.at(place)!);
  return named.filter((bot, i) => i === 0 || bot !== named[i - 1]);
}

async function exported(contest: Contest, bot: string, dir: string): Promise<Buffer> {
  const file = join(dir, `${contest.game.id}-${bot}.js`);
  await exportBuiltinBot(contest.game, bot, {}, file);
  return readFileSync(file);
}
