/** `{pages}/authors/<name>`: an author's versions in the contest; for the author (and the admin) each opens its own page. */
import type { AuthorData, ContestInfo } from '../../server/contest-wire.js';
import { when } from '../format.js';
import { useLiveJson } from '../live-refresh.js';
import { useBase } from './base.js';
import {
  Crumbs,
  manySeats,
  PlacesCells,
  PlacesHead,
  played,
  Refusal,
  rating,
  Status,
  WDL_TITLE,
  Wdl,
} from './parts.js';

/** `name` as the address writes it (a path segment, already encoded). */
export function AuthorPage({ name, info }: { name: string; info: ContestInfo }) {
  const { page, api } = useBase();
  const { data, error } = useLiveJson<AuthorData>(api(`/authors/${name}`), 1000);
  if (error && !data) return <Refusal error={error} viewer={info.viewer} />;
  if (!data) return <p class="muted">Loading…</p>;
  const self = info.viewer.author === data.name;
  const many = manySeats(info);
  return (
    <div class="contest">
      <Crumbs trail={[[data.name, null]]} />
      <h1>{data.name}</h1>
      <p class="muted">
        joined {when(data.joinedAt)}; {data.versions.length} {data.versions.length === 1 ? 'version' : 'versions'}
        {self && (
          <>
            {' '}
            · <a href={page('/submit')}>submit a new version</a>
          </>
        )}
      </p>
      {data.own && (
        <p class="muted">Each version's page shows its build log, its games, its failures and its source.</p>
      )}
      {data.versions.length === 0 ? (
        <p class="muted">No version submitted yet.</p>
      ) : (
        <table class="versions">
          <thead>
            <tr>
              <th>version</th>
              <th>status</th>
              <th>league</th>
              <th class="num" title="μ − 3σ">
                rating
              </th>
              <th title={WDL_TITLE}>W / D / L</th>
              <th class="num">games</th>
              {many && <PlacesHead />}
              <th>language</th>
              <th>submitted</th>
            </tr>
          </thead>
          <tbody>
            {data.versions.map((v) => (
              <tr>
                <td>{data.own ? <a href={page(`/submissions/${v.id}`)}>{v.name}</a> : v.name}</td>
                <td>
                  <Status status={v.status} />
                </td>
                <td>{v.league}</td>
                <td class="num">{played(v.status) ? rating(v.rating) : '–'}</td>
                <td>
                  <Wdl w={v.wins} d={v.draws} l={v.losses} />
                </td>
                <td class="num">{v.games}</td>
                {many && <PlacesCells p={v} />}
                <td>{v.lang}</td>
                <td class="muted">{when(v.submittedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
