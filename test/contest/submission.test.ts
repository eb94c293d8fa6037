import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type SentFile, SubmissionError, submittedFiles, submittedLanguage } from '../../src/contest/submission.js';
import { writeFiles } from '../../src/runs/workers/bot-files.js';
import { findLanguage, LANGUAGES } from '../../src/starters/kit.js';

const game = { id: 'morris', title: "Nine Men's Morris" };
const file = (path: string, text = 'x'): SentFile => ({ path, data: Buffer.from(text) });
const paths = (sent: SentFile[], lang: string) =>
  submittedFiles(sent, findLanguage(lang), game)
    .map((f) => f.path)
    .sort();
const refused = (sent: SentFile[], lang: string, why: RegExp) =>
  assert.throws(
    () => submittedFiles(sent, findLanguage(lang), game),
    (err) => err instanceof SubmissionError && why.test(err.message),
  );

describe('what an author submits', () => {
  it('takes a lone file as the language’s main file, with what its build needs beside it from the starter', () => {
    assert.deepEqual(paths([file('mybot.py')], 'python'), ['bot.py']);
    assert.deepEqual(paths([file('whatever.ts')], 'typescript'), ['bot.ts', 'package.json', 'tsconfig.json']);
    assert.deepEqual(paths([file('main.go')], 'go'), ['bot.go', 'go.mod']);
    const goMod = submittedFiles([file('x.go')], findLanguage('go'), game).find((f) => f.path === 'go.mod')!;
    assert.equal(
      Buffer.from(goMod.data, 'base64').toString(),
      'module morris-bot\n\ngo 1.19\n',
      'the starter’s file, filled in',
    );
  });

  it('takes a folder’s files without the folder’s own name, keeping what it has of its own', () => {
    assert.deepEqual(paths([file('bot/bot.py'), file('bot/lib/util.py')], 'python'), ['bot.py', 'lib/util.py']);
    const own = submittedFiles([file('bot.ts'), file('package.json', '{"mine":1}')], findLanguage('typescript'), game);
    assert.equal(Buffer.from(own.find((f) => f.path === 'package.json')!.data, 'base64').toString(), '{"mine":1}');
  });

  it('refuses paths that could leave the bot’s folder, and files it cannot be', () => {
    refused([file('../x'), file('bot.py')], 'python', /relative, of plain names/);
    refused([file('/etc/passwd'), file('bot.py')], 'python', /relative/);
    refused([file('a\\..\\b'), file('bot.py')], 'python', /backslash/);
    refused([file('a\nb'), file('bot.py')], 'python', /control character/);
    refused([file('a//b'), file('bot.py')], 'python', /plain names/);
    refused([file('util.py'), file('lib/x.py')], 'python', /no bot\.py at the top/);
    refused([file('bot.py'), file('bot.py')], 'python', /sent twice/);
    refused([], 'python', /no file/);
    refused(
      Array.from({ length: 201 }, (_, i) => file(`f${i}`)),
      'python',
      /at most 200/,
    );
    refused([{ path: 'bot.py', data: new Uint8Array((4 << 20) + 1) }], 'python', /at most 4194304/);
  });

  it('takes only what can be written where it is built, and refuses the rest saying why, not at its build', () => {
    /** Refused at once with a message matching `why`, or, taken, written where a build writes it. */
    const writable = (sent: SentFile[], lang: string, why: RegExp | null) => {
      const what = sent.map((f) => f.path).join(', ');
      let files: ReturnType<typeof submittedFiles>;
      try {
        files = submittedFiles(sent, findLanguage(lang), game);
      } catch (err) {
        assert.ok(err instanceof SubmissionError, `${what}: ${err}`);
        assert.ok(why !== null, `${what}: refused (${err.message}), though it can be written`);
        assert.match(err.message, why, what);
        return;
      }
      const dir = mkdtempSync(join(tmpdir(), 'tabula-submission-'));
      try {
        writeFiles(dir, files);
        for (const f of files) assert.equal(readFileSync(join(dir, f.path), 'base64'), f.data, f.path);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      assert.equal(why, null, `${what}: taken, though it should be refused`);
    };
    writable(
      [file('bot.py'), file('bot.py/x')],
      'python',
      /^bot\.py was sent both as a file and as a folder \(bot\.py\/x\)$/,
    );
    writable([file('b/bot.py'), file('b/lib/a/c.py'), file('b/lib/a')], 'python', /^lib\/a was sent both as a file/);
    writable(
      [file('bot.ts'), file('package.json/x')],
      'typescript',
      /^package\.json is a folder in what was sent \(package\.json\/x\), and a TypeScript bot's build needs a file/,
    );
    // A name of 256 bytes in UTF-8 (128 characters); one of 255 is the longest a file system takes.
    writable([file('bot.py'), file(`lib/${'é'.repeat(128)}`)], 'python', /a name in a file's path is over 255 bytes/);
    writable([file('bot.py'), file(`lib/${'é'.repeat(127)}x`)], 'python', null);
    // The deepest path it takes (99 folders: 200 characters at most), dot files, dots in a name.
    writable(
      [file('bot.py'), file(`${'d/'.repeat(99)}x`), file('.env'), file('a..b.py'), file('..data'), file('.complete/x')],
      'python',
      null,
    );
  });

  it('names the languages the contest takes when one is not', () => {
    const taken = LANGUAGES.filter((l) => l.id === 'python' || l.id === 'cpp');
    assert.equal(submittedLanguage('cpp', taken).id, 'cpp');
    assert.throws(() => submittedLanguage('rust', taken), /this server cannot build rust \(it takes: python, cpp\)/);
    assert.throws(() => submittedLanguage('cobol', taken), /no language "cobol"/);
  });
});
