/**
 * Where a contest's pages and API are, for every link and fetch of its pages: under
 * `/contests/<game>` and `/api/contests/<game>`; at `/` and `/api` on a site of one contest, as
 * before a site held several. Read from the address once, handed down in a context.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface ContestBase {
  /** What its pages' paths start with: `/contests/<game>`, or '' at the top of a site of one contest. */
  readonly pages: string;
  /** Its API's base: `/api/contests/<game>`, or `/api`. */
  readonly api: string;
}

/** The one contest of a site, at the paths it had before sites held several. */
export const TOP: ContestBase = { pages: '', api: '/api' };

export const baseOf = (game: string): ContestBase => ({ pages: `/contests/${game}`, api: `/api/contests/${game}` });

/** A contest's address, `/contests/<game>/<rest>`: its game and the rest (`/` for its leaderboard); null for another. */
export function contestPath(pathname: string): { game: string; rest: string } | null {
  const match = /^\/contests\/([\w-]+)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const rest = match[2] ?? '/';
  return { game: match[1]!, rest: rest.length > 1 ? rest.replace(/\/$/, '') : rest };
}

/** A page of the contest, from a path of its own (`/submit`): `/` is its leaderboard. */
export const pageOf = (base: ContestBase, path: string): string =>
  path === '/' ? base.pages || '/' : `${base.pages}${path}`;

export const ContestBaseContext = createContext<ContestBase>(TOP);

/** The contest's base where a page is drawn, with its page and API paths: `page('/submit')`, `api('/leaderboard')`. */
export function useBase(): { base: ContestBase; page: (path: string) => string; api: (path: string) => string } {
  const base = useContext(ContestBaseContext);
  return { base, page: (path) => pageOf(base, path), api: (path) => `${base.api}${path}` };
}
