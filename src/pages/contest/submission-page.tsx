/**
 * `{pages}/submissions/<id>`, for its author and the admin alone: where it stands, its build log, its
 * validation games, its games by opponent, every failure at its turn, its games, its source.
 */
import type { ContestGameLine, ContestInfo, SubmissionData } from '../../server/contest-wire.js';
import { when } from '../format.js';
import { useLiveJson } from '../live-refresh.js';
import { useBase } from './base.js';
import {
  Crumbs,
  GameTable,
  manySeats,
  meanPlace,
  played,
  Reason,
  Refusal,
  rating,
  SourceFiles,
  STATUS_TEXT,
  Status,
  tableSizesText,
  WDL_TITLE,
  Wdl,
  waitingText,
} from './parts.js';
import { VerdictPart } from './verdict-part.js';

export function SubmissionPage({ id, info }: { id: number; info: ContestInfo }) {
  // Its games change with every game it plays: read again at most every 2 s.
  const { page, api } = useBase();
  const { data, error } = useLiveJson<SubmissionData>(api(`/submissions/${id}`), 2000);
  if (error && !data) return <Refusal error={error} viewer={info.viewer} />;
  if (!data) return <p class="muted">Loading…</p>;
  const counted = data.opponents.reduce((sum, o) => sum + o.games, 0);
  const many = manySeats(info);
  return (
    <div class="contest">
      <Crumbs
        trail={[
          [data.author, page(`/authors/${data.author}`)],
          [data.name, null],
        ]}
      />
      <h1>
        {data.name} <Status status={data.status} />
      </h1>
      <p class="muted" data-testid="where">
        {data.lang}, submitted {when(data.submittedAt)};{' '}
        {data.waiting === null
          ? `${STATUS_TEXT[data.status]} since ${when(data.changedAt)}`
          : waitingText(data.waiting.ahead)}
      </p>
      {data.reason !== '' && (
        <p class={data.status === 'rejected' ? 'failure' : ''} data-testid="reason">
          <Reason text={data.reason} />
        </p>
      )}
      {played(data.status) && <Standing data={data} many={many} />}
      <VerdictPart verdict={data.verdict} name={data.name} many={many} />

      <h2>Build log</h2>
      {data.log === '' ? (
        <p class="muted">The build printed nothing{data.status === 'building' ? ' yet' : ''}.</p>
      ) : (
        <pre class="lines log">{data.log}</pre>
      )}

      <h2>Validation games</h2>
      <GameTable games={data.validation} from={data.name} extra={PLAY_AGAIN} />

      <h2>Failures</h2>
      {data.failures.length === 0 ? (
        <p class="muted">None: no crash, timeout or illegal move.</p>
      ) : (
        <ul class="failures" data-testid="failures">
          {data.failures.map((f) => (
            <li>
              <a href={`/games/${f.gameId}#turn=${f.turn}`}>
                game {f.gameId}, turn {f.turn}
              </a>{' '}
              <b>{f.status}</b>
              {f.message !== '' && `: ${f.message}`}
            </li>
          ))}
        </ul>
      )}

      <h2>
        By opponent {/* The server reads a version's newest games only: a long-lived one's tally is of those. */}
        {counted < data.games && <span class="muted">(its latest {counted} games)</span>}
      </h2>
      {data.opponents.length === 0 ? (
        <p class="muted">No rated or final game yet.</p>
      ) : (
        <table class="opponents">
          <thead>
            <tr>
              <th>opponent</th>
              <th class="num">games</th>
              {/* At a table of more, each game counts once against each other bot there. */}
              {many ? (
                <th title="games it finished ahead of the opponent, level with it, behind it">
                  ahead / level / behind
                </th>
              ) : (
                <th>W / D / L</th>
              )}
              <th class="num">score</th>
            </tr>
          </thead>
          <tbody>
            {[...data.opponents]
              .sort((a, b) => b.games - a.games)
              .map((o) => (
                <tr>
                  <td>{o.opponent}</td>
                  <td class="num">{o.games}</td>
                  <td>
                    <Wdl w={o.wins} d={o.draws} l={o.losses} />
                  </td>
                  <td class="num">{(((o.wins + o.draws / 2) / o.games) * 100).toFixed(0)}%</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}

      <h2>
        Games <span class="muted">({data.playedGames.length}, rated and finals, newest first)</span>
      </h2>
      <GameTable games={data.playedGames} from={data.name} extra={PLAY_AGAIN} />

      <h2>Source</h2>
      <SourceFiles id={data.id} />
    </div>
  );
}

/**
 * Each stored game's record of the submission's seat, and the line that plays the game again on the
 * author's machine, their bot at that seat and the others' recorded answers at theirs.
 */
const PLAY_AGAIN = {
  head: 'play it again',
  cell: (g: ContestGameLine) =>
    g.own && (
      <>
        <a href={g.own.record} download={`record-${g.id}-seat${g.own.seat}.json`} data-testid="record">
          record of seat {g.own.seat}
        </a>
        <details>
          <summary>command</summary>
          <code class="command" data-testid="reproduce">
            tabula reproduce {location.origin} {g.own.reproduce}
          </code>
        </details>
      </>
    ),
};

/** Where a version that played stands: its league, its rating, its rated games; at tables of more than two, its places. */
function Standing({ data, many }: { data: SubmissionData; many: boolean }) {
  return (
    <table class="facts">
      <tbody>
        <tr>
          <th>league</th>
          <td>{data.league}</td>
        </tr>
        <tr>
          <th>rating</th>
          <td>
            <b>{rating(data.rating)}</b>{' '}
            <span class="muted">
              μ {rating(data.mu)}, σ {rating(data.sigma)}
            </span>
          </td>
        </tr>
        <tr>
          <th>rated games</th>
          <td title={WDL_TITLE}>
            {data.games}: <Wdl w={data.wins} d={data.draws} l={data.losses} />
          </td>
        </tr>
        {many && (
          <>
            <tr>
              <th>mean place</th>
              <td>{meanPlace(data)}</td>
            </tr>
            <tr>
              <th>tables</th>
              <td class="table-sizes">{tableSizesText(data)}</td>
            </tr>
          </>
        )}
      </tbody>
    </table>
  );
}
