/** `/`: the runs in the database with their progress, and the games being played now. */
import type { LiveSummary, RunsData } from '../server/wire.js';
import { when } from './format.js';
import { useLiveJson } from './live-refresh.js';

export function LiveList({ live }: { live: readonly LiveSummary[] }) {
  if (live.length === 0) return <p class="muted">No game is being played now.</p>;
  return (
    <ul class="live-list">
      {live.map((g) => (
        <li>
          <span class="live-dot" /> <a href={`/games/${g.key}`}>{g.game}</a>: {g.bots.join(' vs ')}{' '}
          <span class="muted">
            turn {g.turns}
            {g.runId !== undefined && `, run ${g.runId}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Progress({ done, total }: { done: number; total: number }) {
  return (
    <div class="progress" title={`${done} of ${total}`}>
      <div style={{ width: `${total === 0 ? 0 : Math.min(100, (done / total) * 100)}%` }} />
      <span>
        {done} / {total}
      </span>
    </div>
  );
}

export function RunsPage() {
  const { data, error } = useLiveJson<RunsData>('/api/runs');
  if (error) return <p class="failure">{error}</p>;
  if (!data) return <p class="muted">Loading…</p>;
  return (
    <div>
      <h1>Tabula</h1>
      <p>
        <a class="button" href="/play">
          Play a game against a bot
        </a>
      </p>
      <h2>Being played now</h2>
      <LiveList live={data.live} />
      <h2>Runs</h2>
      {data.runs.length === 0 ? (
        <p class="muted">
          No runs yet: <code>tabula match</code> or <code>tabula tournament</code> with this database adds some.
        </p>
      ) : (
        <table class="runs">
          <thead>
            <tr>
              <th>run</th>
              <th>game</th>
              <th>what</th>
              <th>bots</th>
              <th>games</th>
              <th>last game</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.map((r) => (
              <tr>
                <td>
                  <a href={`/runs/${r.id}`}>run {r.id}</a>
                </td>
                <td>{r.title}</td>
                <td>{r.what}</td>
                <td class="bots">{r.bots.join(', ')}</td>
                <td>
                  <Progress done={r.gamesPlayed} total={r.gamesPlanned} />
                </td>
                <td class="muted">{r.lastGameAt ? when(r.lastGameAt) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
