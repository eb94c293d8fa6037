/**
 * The text `sh -c` runs for a bot's command line. A command that is one simple command is run with
 * `exec`, so that the shell becomes the bot instead of waiting for it with a copy of its pipes: a
 * bot that closes its output is then seen to do so at once, and signals reach the bot itself. Lists,
 * pipelines and compound commands run as written (`exec` may be written before their last command).
 */
export function shellCommand(command: string): string {
  return isSimpleCommand(command) ? `exec ${command}` : command;
}

/** Words that make a command something else than a simple command when they come first. */
const NOT_SIMPLE = new Set([
  '!',
  '{',
  'case',
  'for',
  'if',
  'until',
  'while',
  'exec',
  'function',
  'select',
  'time',
  '[[',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** True when `command` surely is one simple command; false when unsure. */
function isSimpleCommand(command: string): boolean {
  const first = command.trimStart().split(/\s/, 1)[0]!;
  if (first === '' || NOT_SIMPLE.has(first) || ASSIGNMENT.test(first)) return false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '`' || (c === '$' && command[i + 1] === '(')) return false;
    } else if (c === "'" || c === '"') quote = c;
    // `&` after `<` or `>` duplicates a file descriptor (2>&1); elsewhere it ends a command.
    else if ((c === '&' && command[i - 1] !== '>' && command[i - 1] !== '<') || ';|()`\n'.includes(c)) return false;
  }
  return quote === null;
}

/** `word` as one word of a shell command line, whatever it holds. */
export const shellQuote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * What the shell a bot starts as runs (shell.ts): a count of lines, then that many lines, read
 * from its input and run. `read` takes a pipe's bytes one at a time, so that the bot's own input,
 * written after them, is left in the pipe for the bot.
 */
export const READ_AND_RUN =
  'IFS= read -r n || exit 125; s=; while [ "$n" -gt 0 ]; do IFS= read -r l || exit 125; s="$s$l\n"; n=$((n - 1)); done; eval "$s"';

/** The input that has a shell running `READ_AND_RUN` run `script`. */
export function scriptInput(script: string): string {
  return `${script.split('\n').length}\n${script}\n`;
}
