/**
 * What the contest's pages share: a status, a rating, places and table sizes, a game list, a reason
 * with its game linked, an error in words.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { EntrantStatus } from '../../contest/store/records.js';
import type { ContestGameLine, ContestInfo, Places, Viewer } from '../../server/contest-wire.js';
import { getJson } from '../api.js';
import { when } from '../format.js';
import { useBase } from './base.js';

export function Status({ status }: { status: EntrantStatus }) {
  return <span class={`status ${status}`}>{status}</span>;
}

/** Where a submission stands, in a line a person reads. */
export const STATUS_TEXT: Record<EntrantStatus, string> = {
  building: 'being built',
  validating: 'playing its validation games against the lowest league’s boss',
  active: 'active: it plays rated games',
  rejected: 'rejected',
  retired: 'retired: its games are kept, it plays no more',
};

export const rating = (x: number): string => x.toFixed(2);

/** A contest's table sizes: the seats its game takes, and the sizes its ladder plays with their weights. */
interface Tables {
  readonly seats: { readonly min: number; readonly max: number };
  readonly tableMix: readonly { readonly size: number; readonly weight: number }[];
}

/** Whether tables of more than two are played: then places and table sizes say more than W / D / L alone. */
export const manySeats = (c: Tables): boolean => c.seats.max > 2 || c.tableMix.some((t) => t.size > 2);

/** `2:1,3:1,4:2`: the mix as the admin writes it. */
export const mixText = (mix: Tables['tableMix']): string => mix.map((t) => `${t.size}:${t.weight}`).join(',');

const inWords = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The sizes its ladder plays, in words: `tables of 2, 3 and 4 players, as many of each`. */
export function tableMixWords(mix: Tables['tableMix']): string {
  if (mix.length === 0) return 'no table size chosen';
  const sizes = mix.map((t) => `${t.size}`);
  if (mix.length === 1) return `tables of ${sizes[0]} players`;
  if (mix.every((t) => t.weight === mix[0]!.weight)) return `tables of ${inWords(sizes)} players, as many of each`;
  const total = mix.reduce((sum, t) => sum + t.weight, 0);
  return `tables of ${inWords(mix.map((t) => `${t.size} (${Math.round((t.weight / total) * 100)}%)`))} players`;
}

/** The players a game takes: `2 players`, `2–4 players`. */
export const seatsWords = (seats: Tables['seats']): string =>
  `${seats.min === seats.max ? seats.min : `${seats.min}–${seats.max}`} players`;

/** A mean place with two decimals (1 the best); a dash before any game. */
export const meanPlace = (p: Places): string => (p.meanPlace === null ? '–' : p.meanPlace.toFixed(2));

/** Rated games by table size: `2×40 · 3×12 · 4×9`; a dash before any. */
export const tableSizesText = (p: Places): string =>
  Object.entries(p.tableSizes)
    .filter(([, games]) => games > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([size, games]) => `${size}×${games}`)
    .join(' · ') || '–';

/** The head cells of the two columns that tables of more than two add. */
export function PlacesHead() {
  return (
    <>
      <th class="num" title="its mean place at the table, 1 the best, over its rated games">
        mean place
      </th>
      <th title="its rated games, by the size of their table">tables</th>
    </>
  );
}

export function PlacesCells({ p }: { p: Places }) {
  return (
    <>
      <td class="num">{meanPlace(p)}</td>
      <td class="table-sizes">{tableSizesText(p)}</td>
    </>
  );
}

/** Where a submission waits to be built: `ahead`, the builds that come before its own. */
export const waitingText = (ahead: number): string =>
  `waiting to be built: ${ahead === 0 ? 'next' : `${ahead} ahead of it`}`;

/** Whether a version has played rated games, or may: a rejected one never did, one being built not yet. */
export const played = (status: EntrantStatus): boolean => status === 'active' || status === 'retired';

/** What W / D / L counts, at a table of any size. */
export const WDL_TITLE = 'a win: first alone; a draw: first with others; a loss: any other place';

export function Wdl({ w, d, l }: { w: number; d: number; l: number }) {
  return (
    <span class="wdl-text" title={`${w} wins, ${d} draws, ${l} losses`}>
      <span class="w">{w}</span> / <span class="d">{d}</span> / <span class="l">{l}</span>
    </span>
  );
}

/** A line of the server's that names a game (`... (/games/12#turn=5)`), the game a link. */
export function Reason({ text }: { text: string }) {
  const parts = text.split(/(\/games\/\d+(?:#turn=\d+)?)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a href={part}>
            {part.replace(/^\/games\/(\d+)(?:#turn=(\d+))?$/, (_, g, t) => `game ${g}${t ? `, turn ${t}` : ''}`)}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A refusal or a failure, in words; with the way to log in where nobody is. */
export function Refusal({ error, viewer }: { error: string; viewer: Viewer }) {
  const { page } = useBase();
  const nobody = viewer.author === null && !viewer.admin;
  return (
    <div class="refusal">
      <p class="failure">{error}</p>
      {nobody && (
        <p>
          <a href={`/login?next=${encodeURIComponent(location.pathname)}`}>Log in</a> to see what is yours.
        </p>
      )}
      <p>
        <a href={page('/')}>Back to the leaderboard</a>
      </p>
    </div>
  );
}

/** A game's outcome: from the side of `from` (an entrant's name) where it played, else by seat; a win is first alone. */
function outcome(g: ContestGameLine, from: string | undefined): { text: string; kind: string } {
  if (g.id === null) return { text: 'being played', kind: 'live' };
  const seat = from === undefined ? -1 : g.seats.indexOf(from);
  if (g.winner === null) return { text: 'draw', kind: 'draw' };
  if (seat < 0) return { text: `${g.seats[g.winner]} won`, kind: '' };
  return g.winner === seat ? { text: 'won', kind: 'won' } : { text: 'lost', kind: 'lost' };
}

/** Games, in the order the server sends them; the first `shown`, and the rest at a click. */
export function GameTable({
  games,
  from,
  shown = 50,
  extra,
}: {
  games: readonly ContestGameLine[];
  from?: string;
  shown?: number;
  /** A column of the page's own, last. */
  extra?: { readonly head: string; readonly cell: (game: ContestGameLine) => ComponentChildren };
}) {
  const [all, setAll] = useState(false);
  if (games.length === 0) return <p class="muted">None yet.</p>;
  const list = all ? games : games.slice(0, shown);
  // Two seats, a column each; tables of more, their bots in one column, in seat order.
  const pairs = games.every((g) => g.seats.length === 2);
  return (
    <>
      <table class="contest-games">
        <thead>
          <tr>
            <th>game</th>
            {pairs ? (
              <>
                <th>seat 0</th>
                <th>seat 1</th>
              </>
            ) : (
              <th>seats, in order</th>
            )}
            <th>{from === undefined ? 'result' : `for ${from}`}</th>
            <th>how</th>
            <th class="num">turns</th>
            <th>rated</th>
            <th>ended</th>
            {extra && <th>{extra.head}</th>}
          </tr>
        </thead>
        <tbody>
          {list.map((g) => {
            const o = outcome(g, from);
            return (
              <tr>
                <td>{g.id === null ? <span class="live-dot" /> : <a href={`/games/${g.id}`}>game {g.id}</a>}</td>
                {pairs ? (
                  g.seats.map((name) => <td class={name === from ? 'self' : ''}>{name}</td>)
                ) : (
                  <td>
                    {g.seats.map((name, i) => (
                      <>
                        {i > 0 && ' · '}
                        <span class={name === from ? 'self' : ''}>{name}</span>
                      </>
                    ))}
                  </td>
                )}
                <td class={`outcome ${o.kind}`}>{o.text}</td>
                <td class="muted">{g.id === null ? '' : g.reason}</td>
                <td class="num">{g.id === null ? '' : g.turns}</td>
                <td>{gameRating(g)}</td>
                <td class="muted">{g.finishedAt ? when(g.finishedAt) : ''}</td>
                {extra && <td>{extra.cell(g)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      {games.length > list.length && (
        <button type="button" onClick={() => setAll(true)}>
          show all {games.length} games
        </button>
      )}
    </>
  );
}

/** Whether a game counts, and why not where it was meant to. */
function gameRating(g: ContestGameLine) {
  if (g.kind === 'validation') return <span class="muted">validation</span>;
  if (g.kind === 'final') return <span class="muted">final</span>;
  if (g.rated) return 'rated';
  if (g.id === null) return '';
  return <span class="muted">not rated{g.note !== '' && `: ${g.note}`}</span>;
}

/** A submission's files, as its author sent them (with what the build added from the starter). */
export function SourceFiles({ id }: { id: number }) {
  const source = useBase().api(`/submissions/${id}/source`);
  const [files, setFiles] = useState<readonly { path: string; text: string }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ files: { path: string; text: string }[] }>(source).then(
      (s) => setFiles(s.files),
      (e: Error) => setError(e.message),
    );
  }, [source]);
  if (error) return <p class="failure">{error}</p>;
  if (!files) return <p class="muted">Loading…</p>;
  return (
    <div class="source">
      {files.map((f) => (
        // A few files are shown whole; many, by their names first.
        <details open={files.length <= 4}>
          <summary>
            <code>{f.path}</code> <span class="muted">({f.text.split('\n').length} lines)</span>
          </summary>
          <pre class="lines code">{f.text}</pre>
        </details>
      ))}
    </div>
  );
}

export function Crumbs({ trail }: { trail: readonly (readonly [string, string | null])[] }) {
  const { page } = useBase();
  return (
    <p class="crumbs">
      <a href={page('/')}>Leaderboard</a>
      {trail.map(([text, href]) => (
        <>
          {' › '}
          {href === null ? text : <a href={href}>{text}</a>}
        </>
      ))}
    </p>
  );
}

/**
 * The languages a contest takes, each with its `--lang`, its build and run lines; with `starter`,
 * the download of its starter (the starters page).
 */
export function Languages({
  info,
  starter,
}: {
  info: ContestInfo;
  starter?: (lang: string) => { readonly href: string; readonly file: string };
}) {
  return (
    <table class="languages">
      <thead>
        <tr>
          <th>language</th>
          <th>--lang</th>
          {starter && <th>starter</th>}
          <th>built with</th>
          <th>run as</th>
        </tr>
      </thead>
      <tbody>
        {info.languages.map((l) => (
          <tr data-lang={l.id}>
            <td>{l.name}</td>
            <td>
              <code>{l.id}</code>
            </td>
            {starter && (
              <td>
                <a href={starter(l.id).href} download={starter(l.id).file}>
                  {starter(l.id).file}
                </a>
              </td>
            )}
            <td>{l.build === null ? <span class="muted">nothing to build</span> : <code>{l.build}</code>}</td>
            <td>
              <code>{l.run}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
