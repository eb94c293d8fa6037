/**
 * Test games from the editor (contest/test-games.ts), through a real `tabula ladder mills
 * --concurrency 2` and its API as the editor page calls it. Two long cases: the time from Play to
 * the replay's first turn, for the Python and the C++ starter, built and cached; and what a class
 * of authors pressing Play costs the ladder's rated games, in windows without the class, with it,
 * and without it again.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportBuiltinBot } from '../src/arena/builtin/export.js';
import { findGame } from '../src/games/registry.js';
import type { TestGameData } from '../src/server/contest-wire.js';
import type { Case } from './case.js';

/** editor-play: Play pressed this many times per language, each once on a fresh text and once on it again. */
const PLAY_RUNS = Number(process.env.TABULA_BENCH_EDITOR_RUNS ?? 5);
/**
 * editor-class: the seconds of each window the rated games are counted in (without the class,
 * with it, without it again). The case takes about 3 × WINDOW_S + CLASS_WARMUP_S + a minute (the
 * setup, the class's last tests): 10.5 minutes at 180 s on the 2-core machine; editor-play about
 * half a minute.
 */
const WINDOW_S = Number(process.env.TABULA_BENCH_EDITOR_WINDOW_S ?? 180);
/** The class: authors pressing Play, each every PRESS_EVERY_S, begun this long before its window. */
const CLASS = 20;
const PRESS_EVERY_S = 30;
const CLASS_WARMUP_S = 30;
/** The versions that play the ladder's rated games in editor-class: Mills's built-in bots, exported. */
const VERSIONS = ['random', 'greedy', 'strong'];

const API = '/api/contests/mills';
const root = new URL('../../', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => Math.round(n).toLocaleString('en-US');

interface Ladder {
  readonly url: string;
  readonly work: string;
  /** Authors joined by invites: their tokens. */
  join(count: number): Promise<string[]>;
  stop(): Promise<void>;
}

/** `tabula ladder mills --concurrency 2` on a database and cache of its own, once it serves. */
async function startLadder(): Promise<Ladder> {
  const work = mkdtempSync(join(tmpdir(), 'tabula-bench-editor-'));
  const db = join(work, 'site.db');
  const env = { ...process.env, XDG_CACHE_HOME: join(work, 'cache') };
  const args = ['ladder', 'mills', '--db', db, '--port', '0', '--concurrency', '2'];
  const child: ChildProcess = spawn(process.execPath, ['bin/tabula.js', ...args], { cwd: root, env });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      stdout += d;
      const lines = stdout.split('\n');
      if (lines.length >= 3) resolve(lines[0]!);
    });
    void exited.then(() => reject(new Error(`tabula ladder exited: ${stderr}`)));
  });
  let joined = 0;
  return {
    url,
    work,
    join: async (count) => {
      const invites = execFileSync(
        process.execPath,
        ['bin/tabula.js', 'ladder', 'invite', '--db', db, '--count', `${count}`],
        {
          cwd: root,
          env,
          encoding: 'utf8',
        },
      )
        .trim()
        .split('\n');
      const tokens: string[] = [];
      for (const invite of invites) {
        const { status, body } = await api(url, '/api/authors', { json: { invite, name: `author${joined++}` } });
        if (status !== 201) throw new Error(`POST /api/authors: ${status} ${JSON.stringify(body)}`);
        tokens.push(body.token);
      }
      return tokens;
    },
    stop: async () => {
      child.kill('SIGINT');
      await exited;
      process.off('exit', kill);
    },
  };
}

/** Calls the API: its status and JSON body. */
async function api(
  url: string,
  path: string,
  init: { token?: string; json?: unknown; form?: FormData } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.form;
  const response = await fetch(
    new URL(path, url),
    body === undefined ? { headers } : { method: 'POST', headers, body },
  );
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
}
function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? Number.NaN : n % 2 ? sorted[n >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[n - 1] ?? Number.NaN, n };
}
const said = (s: Spread) => `median ${ms(s.median)} ms (min ${ms(s.min)}, max ${ms(s.max)}) over ${s.n}`;

// editor-play

interface PlayTimes {
  /** From just before POST {api}/tests to the stored game's first answer with a turn. */
  readonly toFirstTurn: number;
  /** To the first poll that saw it playing (the build done, or found); null if no poll did. */
  readonly toPlaying: number | null;
  readonly turns: number;
  readonly test: TestGameData;
}

/** Presses Play: POST {api}/tests, then /tests/<id> every 100 ms until its game is stored, then the game. */
async function playToFirstTurn(url: string, token: string, request: object): Promise<PlayTimes> {
  const t0 = performance.now();
  const asked = await api(url, `${API}/tests`, { token, json: request });
  if (asked.status !== 202) throw new Error(`POST ${API}/tests: ${asked.status} ${JSON.stringify(asked.body)}`);
  let toPlaying: number | null = null;
  let test: TestGameData = asked.body;
  while (test.gameId === null) {
    if (test.status === 'failed') throw new Error(`test game ${test.id} failed: ${test.reason}`);
    await sleep(100);
    test = (await api(url, `${API}/tests/${test.id}`, { token })).body;
    if (toPlaying === null && (test.status === 'playing' || test.status === 'played'))
      toPlaying = performance.now() - t0;
  }
  for (;;) {
    const game = await api(url, `/api/games/${test.gameId}`, { token });
    const turns: number = game.status === 200 ? (game.body.record?.turns?.length ?? 0) : 0;
    if (turns > 0) return { toFirstTurn: performance.now() - t0, toPlaying, turns, test };
    await sleep(100);
  }
}

const LANGUAGES = [
  { id: 'python', name: 'python', comment: '#' },
  { id: 'cpp', name: 'c++', comment: '//' },
] as const;

let playDetails: string[] = [];

async function editorPlay(): Promise<{ perSecond: number }> {
  const ladder = await startLadder();
  try {
    const tokens = await ladder.join(PLAY_RUNS * LANGUAGES.length);
    const editor = await api(ladder.url, `${API}/editor`, { token: tokens[0]! });
    const opponent = editor.body.opponents[0];
    const starters = new Map<string, string>();
    for (const lang of LANGUAGES) {
      const draft = await api(ladder.url, `${API}/drafts/${lang.id}`, { token: tokens[0]! });
      if (draft.body.from !== 'starter') throw new Error(`no starter in ${lang.id}: ${JSON.stringify(draft.body)}`);
      starters.set(lang.id, draft.body.text);
    }
    const times = new Map<string, PlayTimes[]>();
    const nonce = Date.now().toString(36);
    // Each author presses Play twice (under the per-minute limit): on a text never built, then on it again.
    // The same seat and seed both times: the same game, the build alone differing.
    for (let run = 0; run < PLAY_RUNS; run++)
      for (const [i, lang] of LANGUAGES.entries()) {
        const token = tokens[run * LANGUAGES.length + i]!;
        const text = `${lang.comment} bench ${nonce} run ${run}\n${starters.get(lang.id)}`;
        const request = { lang: lang.id, text, opponent: opponent.id, seat: run % 2, seed: 1000 + run };
        for (const cached of [false, true]) {
          const played = await playToFirstTurn(ladder.url, token, request);
          if (played.test.build?.cached !== cached)
            throw new Error(`test game ${played.test.id}: cached ${played.test.build?.cached}, not ${cached}`);
          const key = `${lang.name}, ${cached ? 'cached' : 'not cached'}`;
          times.set(key, [...(times.get(key) ?? []), played]);
        }
      }
    playDetails = [
      `Play to the replay's first turn, against ${opponent.name} (the replay is there once the game is stored whole):`,
    ];
    for (const [key, played] of times) {
      const toPlaying = played.flatMap((p) => (p.toPlaying === null ? [] : [p.toPlaying]));
      playDetails.push(
        `${key}: ${said(spread(played.map((p) => p.toFirstTurn)))}; to "playing" median ${ms(spread(toPlaying).median)} ms; ` +
          `${spread(played.map((p) => p.turns)).median} turns median`,
      );
    }
    return { perSecond: 1000 / spread(times.get('python, cached')!.map((p) => p.toFirstTurn)).median };
  } finally {
    await ladder.stop();
  }
}

// editor-class

interface ClassSite {
  readonly ladder: Ladder;
  readonly class: readonly string[];
  readonly starter: string;
}

let classSite: Promise<ClassSite> | null = null;
/** The site of editor-class, set up by whichever of its runs comes first. */
function theClassSite(): Promise<ClassSite> {
  classSite ??= setUpClass();
  return classSite;
}
let classRan = false;
const windows: { readonly label: string; readonly games: number; readonly seconds: number }[] = [];
let classLines: string[] = [];
let setupSeconds = Number.NaN;

const gamesPlayed = async (ladder: Ladder): Promise<number> =>
  (await api(ladder.url, '/api/contests')).body.find((c: { game: string }) => c.game === 'mills').gamesPlayed;

/** The ladder, three versions active and playing rated games, and the class's authors joined. */
async function setUpClass(): Promise<ClassSite> {
  const start = performance.now();
  const ladder = await startLadder();
  const tokens = await ladder.join(VERSIONS.length + CLASS);
  const mills = await findGame('mills');
  for (const [i, bot] of VERSIONS.entries()) {
    const file = join(ladder.work, `${bot}.js`);
    await exportBuiltinBot(mills, bot, {}, file);
    const form = new FormData();
    form.append('lang', 'javascript');
    form.append('files', new Blob([readFileSync(file)]), 'bot.js');
    const sent = await api(ladder.url, `${API}/submissions`, { token: tokens[i]!, form });
    if (sent.status !== 201) throw new Error(`POST ${API}/submissions: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  const end = Date.now() + 600_000;
  for (;;) {
    const listing = (await api(ladder.url, '/api/contests')).body.find((c: { game: string }) => c.game === 'mills');
    if (listing.versions === VERSIONS.length) break;
    if (Date.now() > end) throw new Error(`the versions were not active within 10 minutes: ${JSON.stringify(listing)}`);
    await sleep(1000);
  }
  await sleep(10_000); // the ladder's games under way
  const cls = tokens.slice(VERSIONS.length);
  const starter = (await api(ladder.url, `${API}/drafts/python`, { token: cls[0]! })).body.text;
  setupSeconds = (performance.now() - start) / 1000;
  return { ladder, class: cls, starter };
}

/** The rated games stored in a window of WINDOW_S, as a rate; the ladder stopped after the last window. */
async function withoutClass(): Promise<{ perSecond: number }> {
  const site = await theClassSite();
  const before = await gamesPlayed(site.ladder);
  const start = performance.now();
  await sleep(WINDOW_S * 1000);
  const games = (await gamesPlayed(site.ladder)) - before;
  const seconds = (performance.now() - start) / 1000;
  windows.push({ label: classRan ? 'without the class, after' : 'without the class, before', games, seconds });
  if (classRan) await site.ladder.stop();
  return { perSecond: games / seconds };
}

interface Pressed {
  readonly status: number;
  /** Once over: played or failed, the time from Play to the first poll that saw it over, and its build. */
  readonly over?: {
    readonly status: string;
    readonly ms: number;
    readonly cached: boolean | null;
    readonly reason: string;
  };
}

/** One author of the class: Play every PRESS_EVERY_S until `until`, each after their last test is over. */
async function pressing(site: ClassSite, who: number, until: number, nonce: string): Promise<Pressed[]> {
  const token = site.class[who]!;
  const opponent = (await api(site.ladder.url, `${API}/editor`, { token })).body.opponents[0].id;
  const pressed: Pressed[] = [];
  await sleep((who * PRESS_EVERY_S * 1000) / CLASS);
  let text = '';
  for (let k = 0; performance.now() < until; k++) {
    // A fresh text, then the same again: every other Play builds.
    if (k % 2 === 0) text = `# author ${who} press ${k} ${nonce}\n${site.starter}`;
    const next = performance.now() + PRESS_EVERY_S * 1000;
    const t0 = performance.now();
    const asked = await api(site.ladder.url, `${API}/tests`, { token, json: { lang: 'python', text, opponent } });
    if (asked.status !== 202) pressed.push({ status: asked.status });
    else {
      let test: TestGameData = asked.body;
      while (test.status !== 'played' && test.status !== 'failed') {
        await sleep(250);
        test = (await api(site.ladder.url, `${API}/tests/${test.id}`, { token })).body;
      }
      const over = {
        status: test.status,
        ms: performance.now() - t0,
        cached: test.build?.cached ?? null,
        reason: test.reason,
      };
      pressed.push({ status: 202, over });
    }
    await sleep(next - performance.now());
  }
  return pressed;
}

async function withClass(): Promise<{ perSecond: number }> {
  const site = await theClassSite();
  classRan = true;
  const begun = performance.now();
  const pressEnd = begun + (CLASS_WARMUP_S + WINDOW_S) * 1000;
  const nonce = Date.now().toString(36);
  const authors = Promise.all(site.class.map((_, who) => pressing(site, who, pressEnd, nonce)));
  await sleep(CLASS_WARMUP_S * 1000);
  const before = await gamesPlayed(site.ladder);
  const start = performance.now();
  await sleep(pressEnd - start);
  const games = (await gamesPlayed(site.ladder)) - before;
  const seconds = (performance.now() - start) / 1000;
  windows.push({ label: 'with the class', games, seconds });
  const pressed = (await authors).flat();
  const drained = (performance.now() - pressEnd) / 1000;

  const statuses = new Map<number, number>();
  for (const p of pressed) statuses.set(p.status, (statuses.get(p.status) ?? 0) + 1);
  const over = pressed.flatMap((p) => (p.over ? [p.over] : []));
  const played = over.filter((o) => o.status === 'played');
  const failed = over.filter((o) => o.status === 'failed');
  const reasons = [...new Set(failed.map((o) => o.reason))];
  classLines = [
    `the class: ${CLASS} authors, each pressing Play on the Python starter every ${PRESS_EVERY_S} s (or as soon as their last test was over, if later), ` +
      `a fresh comment line every other time (built), the same text in between (cached); begun ${CLASS_WARMUP_S} s before its window`,
    `the class's Play: ${pressed.length} pressed; answers ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}; ` +
      `${played.length} played (${played.filter((o) => o.cached === false).length} built, ${played.filter((o) => o.cached).length} cached), ` +
      `${failed.length} failed${reasons.length ? ` (${reasons.join('; ')})` : ''}; the last over ${drained.toFixed(0)} s after the window ` +
      `(${((played.length / (CLASS_WARMUP_S + WINDOW_S + drained)) * 60).toFixed(1)} test games a minute from the class's start to then)`,
    `Play to played: ${said(spread(played.map((o) => o.ms)))}; built ${said(spread(played.filter((o) => o.cached === false).map((o) => o.ms)))}; ` +
      `cached ${said(spread(played.filter((o) => o.cached).map((o) => o.ms)))}`,
  ];
  return { perSecond: games / seconds };
}

export const cases: Case[] = [
  {
    name: 'editor-play: Play to the first turn of a test game, python cached',
    unit: 'plays',
    long: true,
    run: editorPlay,
    details: () => playDetails,
  },
  {
    name: `editor-class: rated games with a class of ${CLASS} pressing Play every ${PRESS_EVERY_S} s (mills, --concurrency 2)`,
    unit: 'games',
    long: true,
    reference: { name: 'the same ladder without the class', run: withoutClass },
    run: withClass,
    details: () => {
      const site = windows.map(
        (w) =>
          `${w.label}: ${w.games} rated games in ${w.seconds.toFixed(0)} s, ${ms((w.games / w.seconds) * 3600)} an hour`,
      );
      const rate = (withIt: boolean) => {
        const w = windows.filter((x) => (x.label === 'with the class') === withIt);
        return w.reduce((s, x) => s + x.games, 0) / w.reduce((s, x) => s + x.seconds, 0);
      };
      return [
        `the ladder: ${VERSIONS.length} versions (Mills's built-in ${VERSIONS.join(', ')}, exported, as javascript) and the 3 bosses; ` +
          `${setupSeconds.toFixed(0)} s from its start to all active and 10 s of games`,
        ...site,
        `with the class / without it: ${(rate(true) / rate(false)).toFixed(3)}`,
        ...classLines,
      ];
    },
  },
];
