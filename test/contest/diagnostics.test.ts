/**
 * A compiler's words read back to the lines of a draft: each language's real compiler is run on a file
 * broken at a known line (a compiler whose program is missing is skipped), and what it printed must
 * name that line, in the form the editor marks.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildCommand } from '../../src/contest/build.js';
import { diagnosticsOf } from '../../src/contest/diagnostics.js';
import { findLanguage } from '../../src/starters/kit.js';

/** Each language's source broken at line 3, and a tool its compiler needs. */
const BROKEN: Record<string, { text: string; tool: string }> = {
  python: { text: 'import sys\n\ndef (:\n    pass\n', tool: 'python3' },
  cpp: { text: '#include <cstdio>\n\nint main( {\n  return 0;\n}\n', tool: 'g++' },
  java: { text: 'class Player {\n  public static void main(String[] a) {\n    int x = ;\n  }\n}\n', tool: 'javac' },
  rust: { text: 'fn main() {\n    let x = 1;\n    let y = x +;\n}\n', tool: 'rustc' },
  go: { text: 'package main\n\nfunc main() { x := }\n', tool: 'go' },
  typescript: { text: 'const a: number = 1;\n\nconst b: string = a;\n', tool: 'node' },
};

const has = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

describe("a compiler's words at the draft's lines", () => {
  for (const [id, { text, tool }] of Object.entries(BROKEN)) {
    it(`${id}: the error at line 3`, { skip: has(tool) ? false : `no ${tool}` }, () => {
      const language = findLanguage(id);
      const dir = mkdtempSync(join(tmpdir(), `tabula-diagnostics-${id}-`));
      writeFileSync(join(dir, language.main), text);
      if (id === 'go') writeFileSync(join(dir, 'go.mod'), 'module bot\n\ngo 1.19\n');
      if (id === 'typescript')
        writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
      const ran = spawnSync('sh', ['-c', buildCommand(language)!], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C', GOCACHE: join(dir, '.cache'), GOPATH: join(dir, '.go') },
      });
      assert.notEqual(ran.status, 0, `${id} compiled a broken file`);
      const log = ran.stdout + ran.stderr;
      const found = diagnosticsOf(log, language.main);
      assert.ok(found.length > 0, `nothing read from:\n${log}`);
      assert.equal(found[0]!.line, 3, `${JSON.stringify(found)}\nfrom:\n${log}`);
      assert.equal(found[0]!.severity, 'error');
      assert.ok(found[0]!.message.length > 0);
    });
  }

  it('reads no line of another file, and no note as a diagnostic', () => {
    const log = [
      'lib.h:4:2: error: in another file',
      'bot.cpp:7:1: note: to match this',
      'bot.cpp:9:3: warning: unused variable',
      'In file included from bot.cpp:1:',
    ].join('\n');
    assert.deepEqual(diagnosticsOf(log, 'bot.cpp'), [
      { line: 9, column: 3, severity: 'warning', message: 'unused variable' },
    ]);
  });
});
