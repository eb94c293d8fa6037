/** What the contest's pages share: a status, a rating, a game list, a reason with its game linked, an error in words. */
import { useEffect, useState } from 'preact/hooks';
import type { EntrantStatus } from '../../contest/store/records.js';
import type { ContestGameLine, Viewer } from '../../server/contest-wire.js';
import { getJson } from '../api.js';
import { when } from '../format.js';

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

/** Where a submission waits to be built: `ahead`, the builds that come before its own. */
export const waitingText = (ahead: number): string =>
  `waiting to be built: ${ahead === 0 ? 'next' : `${ahead} ahead of it`}`;

/** Whether a version has played rated games, or may: a rejected one never did, one being built not yet. */
export const played = (status: EntrantStatus): boolean => status === 'active' || status === 'retired';

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
        <a href="/">Back to the leaderboard</a>
      </p>
    </div>
  );
}

/** A game's outcome: from the side of `from` (an entrant's name) where it played, else by seat. */
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
}: {
  games: readonly ContestGameLine[];
  from?: string;
  shown?: number;
}) {
  const [all, setAll] = useState(false);
  if (games.length === 0) return <p class="muted">None yet.</p>;
  const list = all ? games : games.slice(0, shown);
  return (
    <>
      <table class="contest-games">
        <thead>
          <tr>
            <th>game</th>
            <th>seat 0</th>
            <th>seat 1</th>
            <th>{from === undefined ? 'result' : `for ${from}`}</th>
            <th>how</th>
            <th class="num">turns</th>
            <th>rated</th>
            <th>ended</th>
          </tr>
        </thead>
        <tbody>
          {list.map((g) => {
            const o = outcome(g, from);
            return (
              <tr>
                <td>{g.id === null ? <span class="live-dot" /> : <a href={`/games/${g.id}`}>game {g.id}</a>}</td>
                {g.seats.map((name) => (
                  <td class={name === from ? 'self' : ''}>{name}</td>
                ))}
                <td class={`outcome ${o.kind}`}>{o.text}</td>
                <td class="muted">{g.id === null ? '' : g.reason}</td>
                <td class="num">{g.id === null ? '' : g.turns}</td>
                <td>{gameRating(g)}</td>
                <td class="muted">{g.finishedAt ? when(g.finishedAt) : ''}</td>
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
  const [files, setFiles] = useState<readonly { path: string; text: string }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ files: { path: string; text: string }[] }>(`/api/submissions/${id}/source`).then(
      (s) => setFiles(s.files),
      (e: Error) => setError(e.message),
    );
  }, [id]);
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
  return (
    <p class="crumbs">
      <a href="/">Leaderboard</a>
      {trail.map(([text, href]) => (
        <>
          {' › '}
          {href === null ? text : <a href={href}>{text}</a>}
        </>
      ))}
    </p>
  );
}
