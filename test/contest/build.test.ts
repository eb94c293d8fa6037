import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { STRANGER_IDS } from '../../src/arena/sandbox/identity.js';
import { BUILD_LIMITS, build } from '../../src/contest/build.js';
import { type PackedFile, unpackedFiles } from '../../src/runs/workers/bot-files.js';
import { findLanguage, type Language } from '../../src/starters/kit.js';
import { root } from '../support/cli.js';

const file = (path: string, text: string): PackedFile => ({
  path,
  mode: 0o644,
  data: Buffer.from(text).toString('base64'),
});
const skip = viewProblem() ?? (spawnSync('g++', ['--version']).status === 0 ? false : 'no g++');
/** A language whose build is the shell script `build.sh` of the bot's files. */
const scripted: Language = { ...findLanguage('python'), build: 'sh build.sh', offlineBuild: 'sh build.sh' };
const withScript = (script: string): PackedFile[] => [file('bot.py', ''), file('build.sh', script)];

describe('a submission’s build', { skip }, () => {
  it('compiles a C++ bot in its sandbox: the build holds the program and the source', async () => {
    const built = await build(
      [file('bot.cpp', '#include <cstdio>\nint main() { std::puts("hi"); }\n')],
      findLanguage('cpp'),
      [],
    );
    assert.ok(built.ok, built.ok ? '' : built.reason);
    const files = unpackedFiles(built.build.packed);
    assert.deepEqual(files.map((f) => f.path).sort(), ['bot', 'bot.cpp']);
    assert.equal(files.find((f) => f.path === 'bot')!.mode & 0o100, 0o100, 'the program is executable');
  });

  it('is rejected with the compiler’s own words when it does not compile', async () => {
    const built = await build([file('bot.cpp', 'int main() { return undeclared; }\n')], findLanguage('cpp'), []);
    assert.equal(built.ok, false);
    assert.match(built.ok ? '' : built.reason, /^the build failed \(exit code 1\)$/);
    assert.match(built.log, /bot\.cpp:1:21: error: .undeclared. was not declared/);
  });

  it('sees neither the hidden database, nor the network, nor anything outside its folder; links stay out', async () => {
    // Beside the database, in a folder the view shows (Tabula's own, read only), and elsewhere.
    const shown = mkdtempSync(join(root, '.test-build-'));
    const db = join(shown, 'contest.db');
    writeFileSync(db, 'SECRET', { mode: 0o644 });
    chmodSync(shown, 0o755); // readable by anyone: only the view may hide it
    const outside = mkdtempSync(join(tmpdir(), 'tabula-build-test-'));
    writeFileSync(join(outside, 'other'), 'OTHER');
    after(() => rmSync(shown, { recursive: true, force: true }));
    const script = [
      `cat ${db} > db.txt 2>&1; echo "read $?" >> db.txt`,
      `cat ${outside}/other > outside.txt 2>&1; echo "read $?" >> outside.txt`,
      `echo x > ${shown}/written 2>/dev/null; echo "wrote $?" > write.txt`,
      `python3 -c 'import socket; socket.create_connection(("1.1.1.1", 80), 2)' > net.txt 2>&1; echo "connected $?" >> net.txt`,
      'ln -s /etc/passwd passwd',
      'id -u > uid.txt',
      'cat /etc/shadow > shadow.txt 2>&1; echo "read $?" >> shadow.txt',
      'env > env.txt',
    ].join('\n');
    process.env.TEACHER_SECRET = 'do-not-tell';
    const built = await build(withScript(script), scripted, [db]);
    delete process.env.TEACHER_SECRET;
    assert.ok(built.ok, built.ok ? '' : `${built.reason}\n${built.log}`);
    const files = new Map(
      unpackedFiles(built.build.packed).map((f) => [f.path, Buffer.from(f.data, 'base64').toString()]),
    );
    // Hidden: it reads as empty, or not at all (a device node bound over it in a user namespace).
    assert.match(files.get('db.txt')!, /^(read 0|cat: .*contest\.db: Permission denied\nread 1)\n$/);
    assert.match(files.get('outside.txt')!, /No such file[\s\S]*read 1/);
    assert.match(files.get('write.txt')!, /wrote [1-9]/);
    assert.equal(existsSync(join(shown, 'written')), false);
    assert.match(files.get('net.txt')!, /unreachable|connected 1/i);
    assert.equal(files.has('passwd'), false, 'a link is left out of the build');
    const uid = Number(files.get('uid.txt'));
    if (process.getuid?.() === 0)
      assert.ok(
        uid >= STRANGER_IDS.first && uid < STRANGER_IDS.first + STRANGER_IDS.count,
        `root’s build runs as ${uid}`,
      );
    assert.match(files.get('shadow.txt')!, /Permission denied\nread 1\n$/, 'root’s files are not the build’s');
    assert.doesNotMatch(files.get('env.txt')!, /TEACHER_SECRET|do-not-tell/, 'nothing of the server’s environment');
    assert.equal(readFileSync(db, 'utf8'), 'SECRET');
  });

  it('cannot read root’s files into its log: a C++ build that includes /etc/shadow fails to open it', {
    skip:
      process.getuid?.() === 0 ? false : 'run as an ordinary user, /etc/shadow is no more the build’s than the user’s',
  }, async () => {
    const built = await build([file('bot.cpp', '#include "/etc/shadow"\nint main() {}\n')], findLanguage('cpp'), []);
    assert.equal(built.ok, false);
    assert.match(built.log, /\/etc\/shadow: Permission denied/);
    const firstLine = readFileSync('/etc/shadow', 'utf8').split('\n')[0]!;
    assert.ok(!built.log.includes(firstLine), 'not a line of it in the log');
  });

  it('is stopped past its CPU time and past the bytes it may write', async () => {
    const spin = await build(withScript('while :; do :; done'), scripted, [], { ...BUILD_LIMITS, cpuMs: 500 });
    assert.equal(spin.ok, false);
    assert.match(spin.ok ? '' : spin.reason, /^the build used over 0\.5 s of CPU$/);
    const big = await build(withScript('head -c 3000000 /dev/zero > big; exit 0'), scripted, [], {
      ...BUILD_LIMITS,
      bytes: 1 << 20,
    });
    assert.ok(!big.ok || !unpackedFiles(big.build.packed).some((f) => Buffer.from(f.data, 'base64').length > 1 << 20));
  });

  it('says a build that wrote past its bytes did so, not what its compiler made of dying of it', async () => {
    // The assembler writes 2 MB: past the limit, it dies of SIGXFSZ, which g++ calls its own fault.
    const source = 'asm(".data\\n.fill 2000000, 1, 1\\n.text");\nint main() {}\n';
    const built = await build([file('bot.cpp', source)], findLanguage('cpp'), [], { ...BUILD_LIMITS, bytes: 1 << 20 });
    assert.equal(built.ok, false);
    assert.equal(
      built.ok ? '' : built.reason,
      'the build wrote past its 1 MB of files (what a build may write, in one file or in all)',
    );
    assert.match(built.log, /File size limit exceeded/, 'the compiler’s own words stay in the log');
  });

  it('is ended at once when its caller ends it: a compiler that waits for ever included', async () => {
    const ending = new AbortController();
    const started = Date.now();
    setTimeout(() => ending.abort('cancelled'), 1000);
    const built = await build(
      [file('bot.cpp', '#include "/dev/ptmx"\nint main() {}\n')],
      findLanguage('cpp'),
      [],
      {
        ...BUILD_LIMITS,
        wallMs: 60_000,
      },
      ending.signal,
    );
    assert.equal(built.ok, false);
    assert.equal(built.ok ? '' : built.reason, 'the build was ended');
    assert.ok(Date.now() - started < 5000, `ended after ${Date.now() - started} ms`);
  });
});
