/**
 * A build's log read for what its compiler said of each line of one file (a draft's main file), so
 * that the editor marks those lines: the forms of the compilers of `tabula new`'s languages. GCC, Go
 * and javac (`bot.cpp:3:5: error: ...`), TypeScript (`bot.ts(3,5): error TS1005: ...`), rustc
 * (`error[E0425]: ...` then ` --> bot.rs:3:5`) and Python (`File "bot.py", line 3`, then the error's
 * name and words after the quoted line). Notes and the lines quoted back are not diagnostics.
 */

/** What a compiler said of a line: the line and column from 1 (null: the line alone). */
export interface Diagnostic {
  readonly line: number;
  readonly column: number | null;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** The most diagnostics kept of one log: a compiler lost in a file says the same thing for pages. */
const MOST = 100;

/** What the log says of the lines of `file`, in the order it said them; one diagnostic per line and message. */
export function diagnosticsOf(log: string, file: string): Diagnostic[] {
  const name = escapeRegExp(file);
  // GCC, clang, Go, javac: `[./]file:LINE[:COL]: [error|warning|fatal error:] message`
  const colon = new RegExp(`^(?:\\./)?${name}:(\\d+):(?:(\\d+):)? (?:(fatal error|error|warning|note): )?(.*)$`);
  // TypeScript: `file(LINE,COL): error TS1005: message`
  const paren = new RegExp(`^${name}\\((\\d+),(\\d+)\\): (error|warning) (?:TS\\d+: )?(.*)$`);
  // rustc: the message, then ` --> file:LINE:COL`
  const arrow = new RegExp(`^\\s*--> (?:\\./)?${name}:(\\d+):(\\d+)$`);
  // Python: `  File "file", line LINE`, the quoted line and its caret, then `SomeError: message`
  const python = new RegExp(`^\\s*File "(?:\\./)?${name}", line (\\d+)`);

  const found: Diagnostic[] = [];
  const add = (line: number, column: number | null, severity: 'error' | 'warning', message: string) => {
    if (found.some((d) => d.line === line && d.message === message) || found.length >= MOST) return;
    found.push({ line, column, severity, message: message.trim() });
  };
  const lines = log.split('\n');
  let rustMessage: { severity: 'error' | 'warning'; message: string } | null = null;
  for (const [i, text] of lines.entries()) {
    const c = colon.exec(text);
    if (c) {
      if (c[3] !== 'note') add(Number(c[1]), c[2] ? Number(c[2]) : null, severityOf(c[3]), c[4]!);
      continue;
    }
    const p = paren.exec(text);
    if (p) {
      add(Number(p[1]), Number(p[2]), severityOf(p[3]), p[4]!);
      continue;
    }
    const heading = /^(error|warning)(?:\[\w+\])?: (.*)$/.exec(text);
    if (heading) {
      rustMessage = { severity: severityOf(heading[1]), message: heading[2]! };
      continue;
    }
    const a = arrow.exec(text);
    if (a && rustMessage) {
      add(Number(a[1]), Number(a[2]), rustMessage.severity, rustMessage.message);
      rustMessage = null;
      continue;
    }
    const py = python.exec(text);
    if (py) {
      const error = lines.slice(i + 1, i + 6).find((l) => /^[A-Za-z_][\w.]*(?:Error|Warning|Exception)\b/.test(l));
      if (error) add(Number(py[1]), null, /Warning\b/.test(error) ? 'warning' : 'error', error);
    }
  }
  return found;
}

/** A compiler's word for how bad it is: a warning, or else an error (Go says neither). */
const severityOf = (word: string | undefined): 'error' | 'warning' => (word === 'warning' ? 'warning' : 'error');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
