/**
 * A contest's leaderboard (`/contests/<game>`, `/` on a site of one contest): one table per league,
 * highest first, kept up to date; and how to take part.
 */
import type { ContestInfo, Leaderboard, LeaderboardRow, LeagueInfo } from '../../server/contest-wire.js';
import { useLiveJson } from '../live-refresh.js';
import { Progress } from '../runs-page.js';
import { useBase } from './base.js';
import { Languages, manySeats, PlacesCells, PlacesHead, rating, tableMixWords, WDL_TITLE, Wdl } from './parts.js';

export function LeaderboardPage({ info }: { info: ContestInfo }) {
  const { page, api } = useBase();
  const { data, error } = useLiveJson<Leaderboard>(api('/leaderboard'));
  const versions = data?.rows.filter((r) => r.author !== null) ?? [];
  const many = manySeats(info);
  return (
    <div class="contest">
      <h1>{info.title} contest</h1>
      {many && (
        <p class="table-mix" data-testid="table-mix">
          Played at {tableMixWords(info.tableMix)}. A version's place at its table is what rates it.
        </p>
      )}
      <p class="muted">
        {data &&
          `${versions.length} ${versions.length === 1 ? 'version plays' : 'versions play'}, one per author, in ${info.leagues.length} leagues. `}
        Ratings are μ − 3σ (OpenSkill): a version climbs as its games make its rating certain.
      </p>
      {info.frozen && <p class="notice">The admin has frozen the games: no new game starts until they are unfrozen.</p>}
      {info.finals.length > 0 && (
        <section>
          <h2>Finals</h2>
          <ul class="finals">
            {[...info.finals].reverse().map((f) => (
              <li>
                <a href={page(`/finals/${f.id}`)}>Final {f.id}</a>{' '}
                <span class="muted">
                  {f.rounds} {f.rounds === 1 ? 'round' : 'rounds'}, {f.endedAt === null ? 'being played' : 'over'}
                </span>{' '}
                <Progress done={f.gamesPlayed} total={f.gamesPlanned} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && <p class="failure">The leaderboard cannot be read: {error}</p>}
      {!data && !error && <p class="muted">Loading…</p>}
      {data &&
        [...info.leagues]
          .reverse()
          .map((league) => (
            <LeagueTable
              league={league}
              lowest={league.index === 0}
              many={many}
              rows={data.rows.filter((r) => r.league === league.name)}
            />
          ))}
      <TakingPart info={info} />
    </div>
  );
}

const capital = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** `many`: tables of more than two are played, and each row has its mean place and its tables' sizes. */
function LeagueTable({
  league,
  lowest,
  many,
  rows,
}: {
  league: LeagueInfo;
  lowest: boolean;
  many: boolean;
  rows: readonly LeaderboardRow[];
}) {
  const { page } = useBase();
  return (
    <section class="league" data-league={league.name}>
      <h2>
        {capital(league.name)} league{' '}
        <span class="muted">
          {league.boss === null
            ? 'the top league'
            : `guarded by ${league.name}-boss (builtin:${league.boss}): a version whose rating (μ − 3σ) passes the boss's μ moves up`}
          {lowest && ', and every new version starts here'}
        </span>
      </h2>
      {rows.length === 0 ? (
        <p class="muted">No version has come this far yet.</p>
      ) : (
        <table class={many ? 'leaderboard places' : 'leaderboard'}>
          <thead>
            <tr>
              <th class="num">#</th>
              <th>bot</th>
              <th>author</th>
              <th class="num" title="μ − 3σ">
                rating
              </th>
              <th class="num">μ</th>
              <th class="num">σ</th>
              <th title={WDL_TITLE}>W / D / L</th>
              <th class="num">games</th>
              {many && <PlacesHead />}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr class={r.boss !== null ? 'boss' : ''}>
                <td class="num">{r.rank}</td>
                <td>
                  <b>{r.name}</b>
                  {r.boss !== null && (
                    <>
                      {' '}
                      <span class="tag">boss</span> <span class="muted">builtin:{r.boss}</span>
                    </>
                  )}
                </td>
                <td>{r.author === null ? '' : <a href={page(`/authors/${r.author}`)}>{r.author}</a>}</td>
                <td class="num rating">
                  {rating(r.rating)}
                  {!r.settled && (
                    <span class="unsettled" title="not settled yet: σ is still 3 or more, the rating moves a lot">
                      ?
                    </span>
                  )}
                </td>
                <td class="num muted">{rating(r.mu)}</td>
                <td class="num muted">{rating(r.sigma)}</td>
                <td>
                  <Wdl w={r.wins} d={r.draws} l={r.losses} />
                </td>
                <td class="num">{r.games}</td>
                {many && <PlacesCells p={r} />}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TakingPart({ info }: { info: ContestInfo }) {
  const { page } = useBase();
  const url = `${location.origin}/`;
  // Where the site holds several contests, `tabula submit` is told which.
  const game = info.contests > 1 ? ` --game ${info.game}` : '';
  const lowest = info.leagues[0];
  return (
    <section class="taking-part">
      <h2>How to take part</h2>
      <ol>
        <li>Ask the admin for an invite code.</li>
        <li>
          Read <a href={info.pages.rules}>the rules</a>: every line a bot reads and writes. Start from a bot that plays,
          one of <a href={page('/starters')}>the starters</a> or{' '}
          <code>tabula new {info.game} --lang python my-bot</code>, and make it play better.
        </li>
        <li>
          Send it, the first time with your invite and the name you take:{' '}
          <code class="command">
            tabula submit {url} my-bot --lang python{game} --invite CODE --as NAME
          </code>
          . Your token is printed and kept; later versions go with{' '}
          <code class="command">
            tabula submit {url} my-bot --lang python{game}
          </code>
          . Or <a href={`/login?next=${encodeURIComponent(page('/submit'))}`}>join or log in here</a> and send it from
          the <a href={page('/submit')}>submit page</a>.
        </li>
        <li>
          It is built, then plays {manySeats(info) ? 'its validation games' : 'a validation game from each seat'}{' '}
          against {lowest ? `${lowest.name}-boss` : 'a boss'}: a crash, a timeout or an illegal move rejects it, with
          the game at the turn that failed. Accepted, it replaces your version before and plays rated games in the{' '}
          {lowest?.name ?? 'lowest'} league.
        </li>
      </ol>
      <p class="muted">
        A rating with ? is not settled yet. At most {Math.round(info.limits.sourceBytes / 1024 / 1024)} MiB of source,{' '}
        {info.limits.submissionsPerHour} submissions an hour.
      </p>
      <Languages info={info} />
    </section>
  );
}
