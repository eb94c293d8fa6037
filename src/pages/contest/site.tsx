/**
 * A contest server's pages (`tabula ladder`, `<body data-site="contest">`): the leaderboard, logging
 * in, submitting, an author's and a submission's pages, the admin's, a final's, and the viewer; each
 * under a header saying who is logged in. The contest's description, and who asks, come from
 * `/api/contest`, fetched again whenever the contest changes.
 */
import type { ContestInfo } from '../../server/contest-wire.js';
import { request, setCsrf } from '../api.js';
import { GamePage } from '../game-page.js';
import { useLiveJson } from '../live-refresh.js';
import { RulesPage } from '../rules-page.js';
import { AdminPage } from './admin-page.js';
import { AuthorPage } from './author-page.js';
import { FinalPage } from './final-page.js';
import { LeaderboardPage } from './leaderboard-page.js';
import { LoginPage } from './login-page.js';
import { SubmissionPage } from './submission-page.js';
import { SubmitPage } from './submit-page.js';

export function ContestSite() {
  const { data: info, error, reload } = useLiveJson<ContestInfo>('/api/contest', 1000);
  if (!info) return error ? <p class="failure">The contest cannot be read: {error}</p> : <p class="muted">Loading…</p>;
  // Every change a page asks for carries the session's token.
  setCsrf(info.viewer.csrf);
  document.title = `${info.title} contest`;
  return (
    <>
      <SiteHeader info={info} />
      {error && <p class="failure">The contest cannot be read now: {error}</p>}
      <Route info={info} reload={reload} />
    </>
  );
}

function Route({ info, reload }: { info: ContestInfo; reload: () => void }) {
  const path = location.pathname;
  const match = (pattern: RegExp) => pattern.exec(path)?.[1];
  const game = match(/^\/games\/([\w-]+)$/);
  if (game !== undefined) return <GamePage gameKey={game} offline={null} />;
  const rules = match(/^\/rules\/([\w-]+)$/);
  if (rules !== undefined) return <RulesPage game={rules} />;
  const author = match(/^\/authors\/([^/]+)$/);
  if (author !== undefined) return <AuthorPage name={author} info={info} />;
  const submission = match(/^\/submissions\/(\d+)$/);
  if (submission !== undefined) return <SubmissionPage id={Number(submission)} info={info} />;
  const final = match(/^\/finals\/(\d+)$/);
  if (final !== undefined) return <FinalPage id={Number(final)} />;
  if (path === '/') return <LeaderboardPage info={info} />;
  if (path === '/login') return <LoginPage info={info} onSession={reload} />;
  if (path === '/submit') return <SubmitPage info={info} />;
  if (path === '/admin') return <AdminPage info={info} />;
  return (
    <p>
      No such page. <a href="/">The leaderboard</a>
    </p>
  );
}

function SiteHeader({ info }: { info: ContestInfo }) {
  const { author, admin } = info.viewer;
  const logOut = async () => {
    try {
      await request('DELETE', '/api/session');
    } finally {
      location.reload();
    }
  };
  return (
    <header class="site-head">
      <a class="site-name" href="/">
        {info.title} contest
      </a>
      <nav>
        <a href="/">Leaderboard</a>
        <a href={`/rules/${info.game}`}>Rules</a>
        {author !== null && (
          <>
            <a href="/submit">Submit</a>
            <a href={`/authors/${author}`}>Your bots</a>
          </>
        )}
        {admin && <a href="/admin">Admin</a>}
      </nav>
      <span class="who" data-testid="who">
        {author !== null || admin ? (
          <>
            logged in as <b>{admin ? 'the admin' : author}</b>{' '}
            <button type="button" onClick={logOut}>
              Log out
            </button>
          </>
        ) : (
          <a href="/login">Log in</a>
        )}
      </span>
    </header>
  );
}
