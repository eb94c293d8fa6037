/**
 * `tabula reproduce` as an author runs it, real processes against a real contest server (`tabula
 * ladder mills`): a game of theirs played again from its record, with their unchanged bot to the
 * stored result and with a changed one to its first changed answer; the record only for the author
 * of the seat's bot, holding no other seat's stderr or comments; a record of another referee refused.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { GameRecord } from '../../src/arena/record.js';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { TABULA_VERSION } from '../../src/core/version.js';
import type { ContestGameLine } from '../../src/server/contest-wire.js';
import { readReplayFile } from '../../src/server/replay-file.js';
import { slack, tabula } from '../support/cli.js';
import { api, type RunningLadder, startLadder, until } from '../support/ladder.js';
import { scratch } from '../support/web.js';

describe('tabula reproduce, as an author runs it', { skip: viewProblem() ?? false, timeout: 300_000 }, () => {
  const work = scratch();
  const cache = { XDG_CACHE_HOME: join(work, 'cache') };
  const configOf = (author: string) => ({ ...cache, XDG_CONFIG_HOME: join(work, 'config', author) });
  let ladder: RunningLadder;
  const token: Record<string, string> = {};
  /** A game of alice's against bob's, and her seat in it. */
  let game: { id: number; seat: number };
  /** The Mills starter in Python, as `tabula new` writes it into `folder`, with `change` made to its bot.py. */
  const starter = async (folder: string, change: (bot: string) => string): Promise<string> => {
    const dir = join(work, folder);
    const made = await tabula(['new', 'mills', '--lang', 'python', dir]);
    assert.equal(made.code, 0, made.stderr);
    const bot = join(dir, 'bot.py');
    writeFileSync(bot, change(readFileSync(bot, 'utf8')));
    return dir;
  };
  /** `tabula` as `author` runs it in their folder: their config keeps their token. */
  const as = (author: string, dir: string, ...args: string[]) => tabula(args, '', dir, 120_000, configOf(author));
  /** `tabula reproduce` as alice runs it, with limits no load can break: the lines sent do not depend on them. */
  const reproduce = (dir: string, ...args: string[]) => as('alice', dir, 'reproduce', ...args, ...slack);
  const record = async (author: string, id: number, seat: number) =>
    api(ladder.url, `/api/games/${id}/record?seat=${seat}`, { token: token[author]! });
  const ANSWER = '        print(choose(init, turn), flush=True)';
  /** The versions that play: alice's and bob's. */
  const names: Record<string, string> = {};
  /**
   * Submits `dir` as `author`, joining with `invite`, until a version is active (on a machine busy with
   * other work, a bot can time out in validation): that version's name.
   */
  const submit = async (author: string, dir: string, invite: string): Promise<string> => {
    let joining = ['--invite', invite, '--as', author];
    for (let tries = 1; ; tries++) {
      const run = await as(author, dir, 'submit', ladder.url, '.', '--lang', 'python', ...joining);
      const joined = /your token: (\S+)/.exec(run.stdout)?.[1];
      if (joined) token[author] = joined;
      const active = /^active: (\S+) plays/m.exec(run.stdout)?.[1];
      if (active) return active;
      assert.ok(tries < 3 && /^rejected: timeout/m.test(run.stdout), run.stdout + run.stderr);
      joining = [];
    }
  };

  before(async () => {
    ladder = await startLadder(
      ['mills', '--db', join(work, 'contest.db'), '--port', '0', '--concurrency', '2'],
      true,
      cache,
    );
    const made = await tabula(['ladder', 'invite', '--db', join(work, 'contest.db'), '--count', '2']);
    assert.equal(made.code, 0, made.stderr);
    const invites = made.stdout.trim().split('\n');
    // Each says something on stderr every turn; bob also comments every move: neither is alice's to read.
    const alice = await starter('alice', (bot) =>
      bot.replace(ANSWER, `        print("alice-stderr", file=sys.stderr, flush=True)\n${ANSWER}`),
    );
    const bob = await starter('bob', (bot) =>
      bot.replace(
        ANSWER,
        '        print("bob-stderr", file=sys.stderr, flush=True)\n        print(choose(init, turn) + ";bob-comment", flush=True)',
      ),
    );
    [names.alice, names.bob] = await Promise.all([
      submit('alice', alice, invites[0]!),
      submit('bob', bob, invites[1]!),
    ]);
    // One that neither bot lost by its clock: a machine busy with other work can make one time out.
    game = await until(`a stored game of ${names.alice} against ${names.bob}, neither failing`, 120_000, async () => {
      const [version] = (await api(ladder.url, '/api/authors/alice')).body.versions;
      const data = (await api(ladder.url, `/api/submissions/${version.id}`, { token: token.alice! })).body;
      for (const g of data.playedGames as ContestGameLine[]) {
        if (g.id === null || !g.seats.includes(names.bob!)) continue;
        const seat = g.seats.indexOf(names.alice!);
        const { result } = (await record('alice', g.id, seat)).body as GameRecord;
        if (result.players.every((p) => p.status === 'ok')) return { id: g.id, seat };
      }
      return undefined;
    });
    // No more games: the games played again here have the machine to themselves.
    const frozen = await api(ladder.url, '/api/admin/freeze', { token: ladder.adminKey!, json: { frozen: true } });
    assert.equal(frozen.status, 200, JSON.stringify(frozen.body));
  });
  after(async () => {
    await ladder?.stop();
  });

  it("gives each stored game on the submission's page its record of the submission's seat, and the line that plays it again", async () => {
    const [version] = (await api(ladder.url, '/api/authors/alice')).body.versions;
    const data = (await api(ladder.url, `/api/submissions/${version.id}`, { token: token.alice! })).body;
    const lines = [...data.validation, ...data.playedGames].filter((g: ContestGameLine) => g.id !== null);
    assert.ok(lines.length >= 3, 'two validation games and one against bob at least');
    for (const g of lines as ContestGameLine[]) {
      const seat = g.seats.indexOf(names.alice!);
      assert.deepEqual(g.own, {
        seat,
        record: `/api/contests/mills/games/${g.id}/record?seat=${seat}`,
        reproduce: `${g.id} --seat ${seat} 'python3 bot.py'`,
      });
    }
  });

  it("holds the seat's lines and every answer, but no other seat's stderr or comments; only for the seat's author", async () => {
    const mine = await record('alice', game.id, game.seat);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const body: GameRecord = mine.body;
    assert.deepEqual(
      [body.format, body.game, body.gameId, body.seat, body.referee],
      ['tabula-game-record', 'mills', game.id, game.seat, TABULA_VERSION],
    );
    assert.doesNotMatch(JSON.stringify(body), /stderr|bob-comment/);
    const bobs = body.turns.filter((t) => t.seat !== game.seat);
    assert.ok(bobs.length > 0 && bobs.every((t) => t.input === undefined && /^(PUT|MOVE) [\d ]+;$/.test(t.output[0]!)));
    // The same under the contest's base; another author's seat, or with no token, not at all.
    const based = await api(ladder.url, `/api/contests/mills/games/${game.id}/record?seat=${game.seat}`, {
      token: token.alice!,
    });
    assert.deepEqual(based.body, body);
    const other = 1 - game.seat;
    assert.deepEqual(await record('alice', game.id, other).then((r) => [r.status, r.body]), [
      404,
      { error: `no game ${game.id} with a bot of yours at seat ${other}` },
    ]);
    assert.equal((await record('bob', game.id, game.seat)).status, 404);
    assert.equal((await api(ladder.url, `/api/games/${game.id}/record?seat=${game.seat}`)).status, 401);
    const refused = await reproduce(
      join(work, 'alice'),
      ladder.url,
      `${game.id}`,
      '--seat',
      `${other}`,
      'python3 bot.py',
    );
    assert.deepEqual(
      [refused.code, refused.stderr],
      [
        2,
        `tabula: ${new URL(ladder.url).origin} refused (404): no game ${game.id} with a bot of yours at seat ${other}\n`,
      ],
    );
  });

  it('plays the game again with the unchanged bot, turn for turn, to the stored result', async () => {
    const replay = join(work, 'same.json');
    const run = await reproduce(
      join(work, 'alice'),
      ladder.url,
      `${game.id}`,
      '--seat',
      `${game.seat}`,
      'python3 bot.py',
      '--json',
      '--replay',
      replay,
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const stored = (await record('alice', game.id, game.seat)).body as GameRecord;
    assert.deepEqual(JSON.parse(run.stdout), {
      game: 'mills',
      gameId: game.id,
      seat: game.seat,
      turns: stored.turns.length,
      reached: 'end',
      result: { winner: stored.result.winner, reason: stored.result.reason },
      replay,
    });
    const again = await readReplayFile(replay, ['mills']);
    assert.deepEqual(
      again.turns.filter((t) => t.seat === game.seat).map((t) => t.input),
      stored.turns.filter((t) => t.seat === game.seat).map((t) => t.input),
    );
  });

  it('stops a changed bot at its first changed answer, naming the turn, the recorded line and the answered one', async () => {
    // From its sixth answer on, the last of the moves offered instead of the first.
    const changed = await starter('alice-changed', (bot) =>
      bot.replace(
        '    return turn.options[0]',
        '    global answers\n    answers = globals().get("answers", 0) + 1\n    return turn.options[-1 if answers > 5 else 0]',
      ),
    );
    const file = join(work, 'record.json');
    writeFileSync(file, JSON.stringify((await record('alice', game.id, game.seat)).body));
    const stored: GameRecord = JSON.parse(readFileSync(file, 'utf8'));
    const offered = (input: readonly string[]) => input.slice(3 + Number(input[1]));
    const first = stored.turns
      .filter((t) => t.seat === game.seat)
      .find((t, i) => i >= 5 && offered(t.input!).length > 1)!;
    const options = offered(first.input!);
    const replay = join(work, 'changed.json');
    const run = await reproduce(changed, file, 'python3 bot.py', '--replay', replay);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const line = `turn ${first.turn} (seat ${game.seat}): recorded "${options[0]}", answered "${options.at(-1)}"`;
    assert.equal(
      run.stdout,
      `game ${game.id} (mills), seat ${game.seat} (${names.alice}): as recorded for ${first.turn - 1} turns, then your bot answered otherwise than recorded:\n` +
        `${line}\nreplay up to turn ${first.turn}: ${replay} (tabula view ${replay})\n`,
    );
    const json = await reproduce(changed, file, 'python3 bot.py', '--replay', replay, '--json');
    assert.deepEqual(JSON.parse(json.stdout), {
      game: 'mills',
      gameId: game.id,
      seat: game.seat,
      turns: first.turn,
      reached: 'differs',
      at: { turn: first.turn, seat: game.seat, what: 'answer' },
      recorded: options[0],
      answered: options.at(-1),
      message: line,
      replay,
    });
    const cut = await readReplayFile(replay, ['mills']);
    assert.equal(cut.turns.length, first.turn, 'the replay ends at that turn');
    assert.equal(cut.turns.at(-1)!.output[0], options.at(-1));
  });

  it('refuses a record of another referee, or of one not known, in one line naming both', async () => {
    const stored = (await record('alice', game.id, game.seat)).body as GameRecord;
    const file = join(work, 'older.json');
    writeFileSync(file, JSON.stringify({ ...stored, referee: '0.0.1' }));
    const older = await reproduce(join(work, 'alice'), file, 'python3 bot.py');
    assert.deepEqual(
      [older.code, older.stdout, older.stderr],
      [
        2,
        '',
        `tabula: the record was played by referee 0.0.1; this Tabula is ${TABULA_VERSION}: play it again with Tabula 0.0.1\n`,
      ],
    );
    writeFileSync(file, JSON.stringify({ ...stored, referee: null }));
    const unknown = await reproduce(join(work, 'alice'), file, 'python3 bot.py');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^tabula: the record does not say which referee played it [^\n]*\n$/);
  });
});
