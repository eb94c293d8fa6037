/**
 * A file or folder the user asked for (a replay, a web page, a starter's folder) that cannot be
 * written: no such folder, no permission, a full disk. The user can act on each, so each is said in
 * one line that names the path; any other failure of the system is left as it is, a fault.
 */

/** A file or folder the user named could not be written, and why, in a person's words. */
export class FileWriteError extends Error {
  override readonly name = 'FileWriteError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`cannot write ${path}: ${reason}`);
  }
}

/** What each failure the user can act on means, by its errno code. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is too large for its file system',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
  ENOENT: 'its directory does not exist',
  ENOTDIR: 'a part of its path is not a directory',
  EISDIR: 'it is a directory',
};

/** `err`, from writing `path`, as a `FileWriteError` when the user can act on it; else `err` itself. */
export function fileWriteError(path: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const reason = code === undefined ? undefined : REASONS[code];
  return reason === undefined ? err : new FileWriteError(path, reason);
}

/** Runs `write`, which writes `path`: a failure the user can act on becomes a `FileWriteError`. */
export async function writingFile<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw fileWriteError(path, err);
  }
}
