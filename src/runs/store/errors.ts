/** Why the results store refused: apart from the store itself, so that the CLI knows them without loading SQLite. */

/** The database cannot be used: not a SQLite file, another application's, damaged, or out of reach. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
}

/** Another process is playing the run right now. */
export class RunBusyError extends Error {
  override readonly name = 'RunBusyError';
  constructor(
    readonly runId: number,
    readonly pid: number,
    readonly host: string,
    readonly since: string,
  ) {
    super(`run ${runId} is already being played by process ${pid} on ${host} (since ${since})`);
  }
}
