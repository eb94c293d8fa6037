/** Why the server cannot serve: apart from it, so that the CLI knows it without loading the server. */

/**
 * A mistake of the user in what is to be served: an address that cannot be listened on (a busy port,
 * an unknown host, an address of another machine) or a file that is no replay. The message says
 * which, in one line.
 */
export class ServeError extends Error {
  override readonly name = 'ServeError';
}
