import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type SentFile, SubmissionError, submittedFiles, submittedLanguage } from '../../src/contest/submission.js';
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

  it('names the languages the contest takes when one is not', () => {
    const taken = LANGUAGES.filter((l) => l.id === 'python' || l.id === 'cpp');
    assert.equal(submittedLanguage('cpp', taken).id, 'cpp');
    assert.throws(() => submittedLanguage('rust', taken), /this server cannot build rust \(it takes: python, cpp\)/);
    assert.throws(() => submittedLanguage('cobol', taken), /no language "cobol"/);
  });
});
