/** `/` on a site of several contests: its contests, each with how it is played and where to go, kept up to date. */
import type { ContestListing, Viewer } from '../../server/contest-wire.js';
import { useLiveJson } from '../live-refresh.js';
import { manySeats, seatsWords } from './parts.js';

/** `contests`: as the site listed them when the page was opened, shown until they are read again. */
export function HomePage({ contests, viewer }: { contests: readonly ContestListing[]; viewer: Viewer }) {
  const { data } = useLiveJson<ContestListing[]>('/api/contests', 2000);
  const list = data ?? contests;
  const nobody = viewer.author === null && !viewer.admin;
  return (
    <div class="contest">
      <h1>Contests</h1>
      <p class="muted">
        {list.length} contests, one for each game: each its own leaderboard, leagues and bots. One name and one token
        are good for all of them.
      </p>
      <div class="contest-cards">
        {list.map((c) => (
          <section class="panel contest-card" data-contest={c.game}>
            <h2>
              <a href={c.pages.leaderboard}>{c.title}</a>{' '}
              {c.frozen && (
                <span class="tag frozen" title="the admin has frozen its games: no new game starts">
                  frozen
                </span>
              )}
            </h2>
            <p>
              {seatsWords(c.seats)}
              {manySeats(c) && `: tables of ${c.tableMix.map((t) => t.size).join(', ')}`}
            </p>
            <p class="muted">
              {c.versions} active {c.versions === 1 ? 'version' : 'versions'}, {c.gamesPlayed}{' '}
              {c.gamesPlayed === 1 ? 'game' : 'games'} played
              {c.frozen && '; frozen: no new game starts'}
            </p>
            <p class="card-links">
              <a href={c.pages.leaderboard}>Leaderboard</a> · <a href={c.pages.rules}>Rules</a> ·{' '}
              <a href={c.pages.starters}>Starters</a> · <a href={c.pages.submit}>Submit</a>
            </p>
          </section>
        ))}
      </div>
      {nobody ? (
        <p>
          <a href="/login">Log in, or join with an invite</a>: an invite comes from the admin.
        </p>
      ) : (
        <p>
          Logged in as <b>{viewer.admin ? 'the admin' : viewer.author}</b>. {viewer.admin ? 'Admin' : 'Your bots'}:{' '}
          {list.map((c, i) => (
            <>
              {i > 0 && ', '}
              <a href={`${c.pages.leaderboard}/${viewer.admin ? 'admin' : `authors/${viewer.author}`}`}>{c.title}</a>
            </>
          ))}
          .
        </p>
      )}
    </div>
  );
}
