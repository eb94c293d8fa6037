/** Exit codes: the CLI's contract with scripts. */
export const EXIT = {
  /** Done; for `play`, the game was played to its end, whoever won. */
  ok: 0,
  /** A fault of Tabula itself. */
  internal: 1,
  /**
   * A mistake of the user: unknown game, bad option, wrong number of bots, a database that cannot be
   * used, a run that another process is playing.
   */
  usage: 2,
  /** A bot could not be started. */
  botStart: 3,
  /** Stdout was closed by its reader (`| head`): stopped quietly, as SIGPIPE stops other programs (128 + 13). */
  closedOutput: 141,
} as const;

/** A mistake in the command line, reported as such. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
