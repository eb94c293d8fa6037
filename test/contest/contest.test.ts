import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Contest, ContestError, SUBMISSIONS_PER_HOUR } from '../../src/contest/contest.js';
import { findGame } from '../../src/games/registry.js';
import { Store } from '../../src/runs/store/store.js';

async function newContest() {
  const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
  // Nothing is built or played here, nor said on stderr: submissions are only kept.
  const opened = Contest.open(store, await findGame('morris'), { concurrency: 1, log: () => {} });
  opened.contest.stop();
  return { store, ...opened };
}

const refusal = (kind: ContestError['kind'], message: RegExp) => (err: unknown) =>
  err instanceof ContestError && err.kind === kind && message.test(err.message);

describe('a contest', () => {
  it('is made once, with its bosses by league and an admin key shown that once', async () => {
    const { store, contest, adminKey } = await newContest();
    assert.match(adminKey ?? '', /^tbl_admin_[\w-]{43}$/);
    assert.ok(contest.isAdminKey(adminKey!));
    assert.equal(contest.isAdminKey(`${adminKey}x`), false);
    assert.deepEqual(
      contest.leagues.map((l) => `${l.name}:${l.boss}`),
      ['wood:random', 'bronze:greedy', 'gold:strong', 'legend:null'],
    );
    const again = Contest.open(store, await findGame('morris'), { concurrency: 1 });
    assert.equal(again.adminKey, null, 'an existing contest shows no key');
    await assert.rejects(
      async () => Contest.open(store, await findGame('mills'), { concurrency: 1 }),
      /holds a contest of morris, not of mills/,
    );
    store.close();
  });

  it('keeps its secrets as hashes: the database holds no key, invite or token', async () => {
    const { store, contest, adminKey } = await newContest();
    const [invite] = contest.invite(1);
    const { token } = contest.join(invite!, 'alice');
    assert.equal(contest.authorOfToken(token)?.name, 'alice');
    store.close();
    const bytes = readFileSync(store.path).toString('latin1');
    for (const secret of [adminKey!, invite!, token]) assert.equal(bytes.includes(secret), false);
  });

  it('refuses a bad name, a used invite, a taken name, in words', async () => {
    const { store, contest } = await newContest();
    const [one, two] = contest.invite(2);
    assert.throws(() => contest.join(one!, 'Alice!'), refusal('refused', /lower case letters/));
    contest.join(one!, 'alice');
    assert.throws(() => contest.join(one!, 'bob'), refusal('refused', /invite code is not good: invite used/));
    assert.throws(() => contest.join(two!, 'alice'), refusal('conflict', /the name alice is taken/));
    assert.throws(() => contest.join('tbl_invite_made_up', 'bob'), refusal('refused', /no such invite/));
    store.close();
  });

  it(`takes ${SUBMISSIONS_PER_HOUR} submissions an hour from an author, then refuses`, async () => {
    const { store, contest } = await newContest();
    const [invite] = contest.invite(1);
    const { author } = contest.join(invite!, 'alice');
    const file = [{ path: 'bot.py', data: Buffer.from('print(1)\n') }];
    for (let i = 1; i <= SUBMISSIONS_PER_HOUR; i++) assert.equal(contest.submit(author, 'python', file).version, i);
    assert.throws(() => contest.submit(author, 'python', file), refusal('too many', /at most 10 submissions an hour/));
    store.close();
  });

  it('cancels a submission waiting to be built, and says what became of it in a line each', async () => {
    const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
    const lines: string[] = [];
    const { contest } = Contest.open(store, await findGame('morris'), { concurrency: 1, log: (l) => lines.push(l) });
    contest.stop();
    const [invite] = contest.invite(1);
    const { author } = contest.join(invite!, 'alice');
    const { id } = contest.submit(author, 'python', [{ path: 'bot.py', data: Buffer.from('print(1)\n') }]);
    assert.deepEqual(
      [contest.cancel(id).status, contest.tables.entrant(id)!.reason],
      ['rejected', 'cancelled by the admin'],
    );
    assert.throws(() => contest.cancel(id), refusal('conflict', /is rejected: only a build can be cancelled/));
    assert.throws(() => contest.cancel(1), refusal('not found', /no submission 1/), 'a boss is no submission');
    assert.deepEqual(lines, [
      `tabula: submission ${id} (alice.v1, python): received`,
      `tabula: submission ${id} (alice.v1, python): cancelled by the admin`,
    ]);
    store.close();
  });

  it('starts a final only with two active versions, and one at a time', async () => {
    const { store, contest } = await newContest();
    assert.throws(() => contest.startFinal(1), refusal('conflict', /two active versions/));
    store.close();
  });
});
