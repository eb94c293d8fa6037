/**
 * The one shape of a value or the reason there is none: what parsing and checking return, so that
 * every protocol and every move check reads the same way and an error names what was wrong.
 */
export type Result<T> = { readonly ok: true; readonly value: T } | Failed;
export interface Failed {
  readonly ok: false;
  readonly error: string;
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const failed = (error: string): Failed => ({ ok: false, error });
