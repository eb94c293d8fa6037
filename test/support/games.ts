/** Helpers that every game's tests share: playing protocol lines on a state, driving a bot in memory. */
import assert from 'node:assert/strict';
import { LineQueue } from '../../src/arena/process/line-streams.js';
import type { BotSetup, Protocol, Rules } from '../../src/core/game.js';
import type { BotProgram } from '../../src/core/line-io.js';
import type { TimeLimits } from '../../src/core/time-control.js';
import { millis } from '../../src/core/units.js';

export interface RulesAndProtocol<S, M> {
  readonly rules: Rules<S, M>;
  readonly protocol: Protocol<S, M>;
}

/** Time limits no load can break, for games in tests about something other than time. */
export const slackLimits: TimeLimits = { firstTurn: millis(10_000), turn: millis(2000), game: millis(120_000) };

/** What a built-in bot is told at the start of a game with `seed`, under generous limits unless given. */
export function botSetup(
  seed: number,
  gameOptions: Readonly<Record<string, string>> = {},
  timeLimits: TimeLimits = { firstTurn: millis(1000), turn: millis(100) },
): BotSetup {
  return { seed, gameOptions, timeLimits, params: {} };
}

/** Plays output lines in turn, each parsed for the player to move; fails on a finished game or a rejected line. */
export function playLines<S, M>(game: RulesAndProtocol<S, M>, state: S, ...lines: string[]): S {
  for (const line of lines) {
    assert.equal(game.rules.outcome(state), null, `${line}: the game is over`);
    const parsed = game.protocol.parseOutput(state, game.rules.toMove(state), line);
    assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
    state = game.rules.play(state, parsed.value.move);
  }
  return state;
}

/** The error for an output line of the player to move; fails if the line is accepted. */
export function parseError<S, M>(game: RulesAndProtocol<S, M>, state: S, line: string): string {
  const parsed = game.protocol.parseOutput(state, game.rules.toMove(state), line);
  assert.ok(!parsed.ok, `${JSON.stringify(line)} was accepted`);
  return parsed.error;
}

/** A bot fed in memory: `turn` sends one turn's lines and resolves with the line it writes back. */
export function inMemoryBot(program: BotProgram) {
  const input = new LineQueue();
  const answers: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  const done = program({
    readLine: () => input.read(),
    writeLine: (line) => (waiting ? waiting(line) : answers.push(line)),
    log: () => {},
  });
  return {
    turn(lines: readonly string[]): Promise<string> {
      for (const line of lines) input.push(line);
      const answered = answers.shift();
      return answered !== undefined
        ? Promise.resolve(answered)
        : new Promise((resolve) => {
            waiting = (line) => {
              waiting = null;
              resolve(line);
            };
          });
    },
    /** Ends the input; resolves once the bot has returned. */
    close: () => {
      input.end();
      return done;
    },
  };
}
