/** `{pages}/finals/<id>`: a final's standings, from its own games alone, its progress and its games. */
import type { ContestInfo, FinalData } from '../../server/contest-wire.js';
import { when } from '../format.js';
import { useLiveJson } from '../live-refresh.js';
import { Progress } from '../runs-page.js';
import { useBase } from './base.js';
import { Crumbs, GameTable, manySeats, PlacesCells, PlacesHead, rating, WDL_TITLE, Wdl } from './parts.js';

export function FinalPage({ id, info }: { id: number; info: ContestInfo }) {
  const { page, api } = useBase();
  const { data, error } = useLiveJson<FinalData>(api(`/finals/${id}`), 1000);
  const many = manySeats(info);
  if (error && !data)
    return (
      <div class="contest">
        <Crumbs trail={[[`final ${id}`, null]]} />
        <p class="failure">{error}</p>
      </div>
    );
  if (!data) return <p class="muted">Loading…</p>;
  return (
    <div class="contest">
      <Crumbs trail={[[`final ${id}`, null]]} />
      <h1>
        Final {id} <span class="muted">{data.endedAt === null ? 'being played' : 'over'}</span>
      </h1>
      <p>
        {data.rounds} {data.rounds === 1 ? 'round' : 'rounds'} of every active version against every other, each pair
        twice on one seed with the seats swapped. Its ratings start afresh, from its own games alone; the ladder waits
        until it is over.
      </p>
      <p class="muted">
        started {when(data.startedAt)}
        {data.endedAt !== null && `, ended ${when(data.endedAt)}`}
      </p>
      <Progress done={data.gamesPlayed} total={data.gamesPlanned} />
      <h2>Standings</h2>
      <table class="final-standings">
        <thead>
          <tr>
            <th class="num">#</th>
            <th>bot</th>
            <th>author</th>
            <th class="num" title="μ − 3σ, from the final's games alone">
              rating
            </th>
            <th class="num">μ</th>
            <th class="num">σ</th>
            <th class="num" title="a win 1, a draw ½">
              points
            </th>
            <th title={WDL_TITLE}>W / D / L</th>
            <th class="num">games</th>
            {many && <PlacesHead />}
          </tr>
        </thead>
        <tbody>
          {data.standings.map((s) => (
            <tr>
              <td class="num">{s.rank}</td>
              <td>
                <b>{s.name}</b>
              </td>
              <td>
                <a href={page(`/authors/${s.author}`)}>{s.author}</a>
              </td>
              <td class="num rating">{rating(s.rating)}</td>
              <td class="num muted">{rating(s.mu)}</td>
              <td class="num muted">{rating(s.sigma)}</td>
              <td class="num">{s.points}</td>
              <td>
                <Wdl w={s.wins} d={s.draws} l={s.losses} />
              </td>
              <td class="num">{s.games}</td>
              {many && <PlacesCells p={s} />}
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Games</h2>
      <GameTable games={data.games} />
    </div>
  );
}
