/**
 * The sandbox on the machines most people have: cgroup v2 only, as root (a container's root, with
 * processes beside Tabula) and as an ordinary user in a cgroup delegated to it. The sandbox suites run
 * again inside a User-Mode Linux guest whose cgroups are v2 only (`../shared/tools/cgroup2-run`,
 * beside the repository), and every limit they check must hold there: no test of theirs may fail,
 * nor skip but for what an ordinary user cannot have (a priority raised back: docs/operating.md,
 * "Where each limit holds").
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../support/cli.js';

const harness = join(root, '..', 'shared', 'tools', 'cgroup2-run');
const missing = !existsSync(harness)
  ? `no ${harness}: the cgroup v2 checks need it`
  : spawnSync('sh', ['-c', 'command -v linux.uml']).status !== 0
    ? 'no linux.uml (apt-get install user-mode-linux): the cgroup v2 checks need it'
    : false;

/** The suites that check the sandbox, from this build. */
const SUITES = ['dist/test/arena/sandbox.test.js', 'dist/test/cli/sandbox.test.js'];

/** The suites, run by the guest's node. */
const RUN_SUITES = ['node', '--test', '--test-reporter=tap', ...SUITES];

/**
 * A login session as a systemd distribution gives an ordinary user: its own cgroup (`session.scope`)
 * is root's, not delegated; the user's systemd makes transient scopes in a slice that is (here a
 * stand-in, test/fixtures/systemd/systemd-run, since the guest has no systemd). Runs as root in the
 * guest, then runs the command it is given as uid 1000.
 */
const SESSION = `
set -e
g=/sys/fs/cgroup
mkdir $g/session.scope $g/user-manager $g/user-manager/app.slice
echo '+cpu +memory +pids' > $g/user-manager/cgroup.subtree_control
echo '+cpu +memory +pids' > $g/user-manager/app.slice/cgroup.subtree_control
chown -R 1000:1000 $g/user-manager/app.slice
# Only systemd moves a process into a user's scope: its stand-in needs to write the root's cgroup.procs.
chmod 666 $g/cgroup.procs
echo $$ > $g/session.scope/cgroup.procs
t=$(mktemp -d)
mount -t tmpfs -o mode=1777 tmp "$t"
mkdir "$t/home" && chown 1000:1000 "$t/home"
export FAKE_USER_SLICE=$g/user-manager/app.slice PATH="$FAKES:$PATH" TMPDIR="$t" HOME="$t/home"
exec setpriv --reuid=1000 --regid=1000 --clear-groups "$@"
`;

/** Runs `command` in the guest (as `args` say); what it prints. */
function inGuest(
  args: readonly string[],
  command: readonly string[] = RUN_SUITES,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(harness, [...args, '--mem', '2G', '--', ...command], {
      cwd: root,
      // The guest has one slow CPU: the suites' waits grow. Its node is a test runner of its own, not
      // a child of this one (NODE_TEST_CONTEXT would make it report to a parent that is not there).
      env: {
        ...withoutTestContext(process.env),
        TABULA_TEST_SLOWNESS: '5',
        FAKES: join(root, 'test', 'fixtures', 'systemd'),
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function withoutTestContext(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _context, ...rest } = env;
  return rest;
}

/** The tests that failed, and the reasons of those skipped. */
function outcomes(tap: string): { failed: string[]; skipped: string[] } {
  const failed = [...tap.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]!);
  const skipped = [...tap.matchAll(/^\s*ok \d+ - .*# SKIP (.*)$/gm)].map((m) => m[1]!);
  return { failed, skipped };
}

describe('the sandbox on cgroup v2', { skip: missing }, () => {
  it('holds every limit as root', { timeout: 20 * 60_000 }, async () => {
    const { code, output } = await inGuest([]);
    const { failed, skipped } = outcomes(output);
    assert.match(output, /^# tests [1-9]/m, output);
    assert.deepEqual(failed, [], output);
    // A bot too slow to start on a busy machine is the one test that may skip, saying so.
    assert.deepEqual(
      skipped.filter((why) => !why.includes('the machine is too busy')),
      [],
    );
    assert.equal(code, 0, output);
  });

  it('holds every limit as an ordinary user in a delegated cgroup, the priority given back aside', {
    timeout: 20 * 60_000,
  }, async () => {
    const { code, output } = await inGuest(['--user']);
    const { failed, skipped } = outcomes(output);
    assert.match(output, /^# tests [1-9]/m, output);
    assert.deepEqual(failed, [], output);
    assert.deepEqual(
      skipped.filter((why) => !why.startsWith('start-up priority') && !why.includes('the machine is too busy')),
      [],
    );
    assert.equal(code, 0, output);
  });

  it('holds every limit as a user whose cgroup is not delegated, each bot in a scope its systemd makes', {
    timeout: 20 * 60_000,
  }, async () => {
    const { code, output } = await inGuest([], ['sh', '-c', SESSION, 'session', ...RUN_SUITES]);
    const { failed, skipped } = outcomes(output);
    assert.match(output, /^# tests [1-9]/m, output);
    assert.deepEqual(failed, [], output);
    assert.deepEqual(
      skipped.filter(
        (why) =>
          !why.startsWith('start-up priority') &&
          !why.includes('the machine is too busy') &&
          !why.startsWith('bots are in scopes that systemd removes'),
      ),
      [],
    );
    // Each bot in a scope of its own, whose weight is systemd's.
    assert.match(output, /cpu share: not weighted: .*a transient scope’s weight is systemd’s to set/);
    assert.equal(code, 0, output);
  });
});
