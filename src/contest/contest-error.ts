/** A request a contest refuses, in words for the one who made it; `kind` says how a server answers it. */
export class ContestError extends Error {
  override readonly name = 'ContestError';
  constructor(
    readonly kind: 'refused' | 'not found' | 'too many' | 'conflict',
    message: string,
    /** For `too many`: the seconds until it would be taken. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}
