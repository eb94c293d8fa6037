/** Exit codes: the CLI's contract with scripts. */
export const EXIT = {
  /** Done; for `play`, the game was played to its end, whoever won. */
  ok: 0,
  /** A fault of Tabula itself. */
  internal: 1,
  /** The command line was wrong: unknown game, bad option, wrong number of bots. */
  usage: 2,
  /** A bot could not be started. */
  botStart: 3,
} as const;

/** A mistake in the command line, reported as such. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
