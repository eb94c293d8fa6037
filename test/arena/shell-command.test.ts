import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shellCommand } from '../../src/arena/process/shell-command.js';

describe('shellCommand', () => {
  it('runs one simple command with exec, so that the shell holds no copy of the pipes', () => {
    for (const command of [
      'python3 bot.py',
      './bot --depth 3 2>/dev/null',
      'java -jar "my bot.jar" 2>&1',
      "node -e 'a(); b()'",
      'bot $HOME/x',
    ]) {
      assert.equal(shellCommand(command), `exec ${command}`, command);
    }
  });

  it('leaves lists, pipelines, compound commands, assignments and exec as they are', () => {
    for (const command of [
      'cd bots && ./bot',
      'a; b',
      'a | b',
      'a &',
      '(cd x; ./bot)',
      'X=1 ./bot',
      'exec ./bot',
      'while read a; do echo x; done',
      'echo $(date)',
      'echo "unclosed',
    ]) {
      assert.equal(shellCommand(command), command, command);
    }
  });
});
