/**
 * A contest site's pages (`tabula ladder`, `<body data-site="contest">`): a contest for each game.
 * Each contest's pages are under `/contests/<game>` (base.ts), each under a header saying who is
 * logged in: the leaderboard, starters, submitting, the editor, an author's and a submission's
 * pages, the admin's, a final's. The site's own are the home (its contests), logging in, a game's
 * viewer and a game's rules. A site of one contest keeps the paths it had before sites held several: its
 * contest's pages at `/`, `/submit`, ..., its API at `/api`. A contest's description, and who asks,
 * come from `{api}/contest`, fetched again whenever the contest changes.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ContestInfo, ContestListing, Viewer } from '../../server/contest-wire.js';
import { getJson, request, setCsrf } from '../api.js';
import { GamePage } from '../game-page.js';
import { useLiveJson } from '../live-refresh.js';
import { RulesPage } from '../rules-page.js';
import { AdminPage } from './admin-page.js';
import { AuthorPage } from './author-page.js';
import { baseOf, type ContestBase, ContestBaseContext, contestPath, pageOf, TOP } from './base.js';
import { EditorPage } from './editor-page.js';
import { FinalPage } from './final-page.js';
import { HomePage } from './home-page.js';
import { LeaderboardPage } from './leaderboard-page.js';
import { LoginPage } from './login-page.js';
import { StartersPage } from './starters-page.js';
import { SubmissionPage } from './submission-page.js';
import { SubmitPage } from './submit-page.js';

export function ContestSite() {
  // Which contests there are decides how the address is read: fetched once, the home page keeps its own up to date.
  const [contests, setContests] = useState<readonly ContestListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<ContestListing[]>('/api/contests').then(setContests, (e: Error) => setError(e.message));
  }, []);
  if (!contests)
    return error ? <p class="failure">The contests cannot be read: {error}</p> : <p class="muted">Loading…</p>;

  const path = location.pathname;
  const at = contestPath(path);
  if (at) {
    if (!contests.some((c) => c.game === at.game))
      return <SiteFrame contests={contests}>{() => <NoSuchContest game={at.game} contests={contests} />}</SiteFrame>;
    return <ContestFrame base={baseOf(at.game)} rest={at.rest} />;
  }
  if (contests.length === 1) return <ContestFrame base={TOP} rest={path} />;
  // A contest's rules are read under its own header, among its pages.
  const rules = /^\/rules\/([\w-]+)$/.exec(path)?.[1];
  if (rules !== undefined && contests.some((c) => c.game === rules))
    return <ContestFrame base={baseOf(rules)} rest={path} />;
  return (
    <SiteFrame contests={contests}>
      {(viewer, reload) => <SiteRoute contests={contests} viewer={viewer} onSession={reload} />}
    </SiteFrame>
  );
}

/** The pages of a site of several contests that belong to none: the home, logging in, a game, a game's rules. */
function SiteRoute({
  contests,
  viewer,
  onSession,
}: {
  contests: readonly ContestListing[];
  viewer: Viewer;
  onSession: () => void;
}) {
  const path = location.pathname;
  if (path === '/') return <HomePage contests={contests} viewer={viewer} />;
  if (path === '/login') return <LoginPage viewer={viewer} contests={contests} onSession={onSession} />;
  const game = /^\/games\/([\w-]+)$/.exec(path)?.[1];
  if (game !== undefined) return <GamePage gameKey={game} offline={null} />;
  const rules = /^\/rules\/([\w-]+)$/.exec(path)?.[1];
  if (rules !== undefined) return <RulesPage game={rules} />;
  return <NoSuchPage home="/" homeText="All contests" />;
}

/** The frame of the site's own pages, under a header with its contests and who is logged in; its page drawn for who asks. */
function SiteFrame({
  contests,
  children,
}: {
  contests: readonly ContestListing[];
  children: (viewer: Viewer, reload: () => void) => ComponentChildren;
}) {
  const { data: viewer, error, reload } = useLiveJson<Viewer>('/api/session', 5000);
  if (!viewer) return error ? <p class="failure">The site cannot be read: {error}</p> : <p class="muted">Loading…</p>;
  setCsrf(viewer.csrf);
  if (location.pathname === '/') document.title = 'Contests';
  return (
    <>
      <header class="site-head">
        <a class="site-name" href="/">
          Contests
        </a>
        <nav>
          {contests.map((c) => (
            <a href={c.pages.leaderboard}>{c.title}</a>
          ))}
        </nav>
        <Who viewer={viewer} />
      </header>
      {children(viewer, reload)}
    </>
  );
}

/** A contest's pages, under its header: `rest` is the address within the contest (`/`, `/submit`, ...). */
function ContestFrame({ base, rest }: { base: ContestBase; rest: string }) {
  const { data: info, error, reload } = useLiveJson<ContestInfo>(`${base.api}/contest`, 1000);
  if (!info) return error ? <p class="failure">The contest cannot be read: {error}</p> : <p class="muted">Loading…</p>;
  // Every change a page asks for carries the session's token.
  setCsrf(info.viewer.csrf);
  document.title = `${info.title} contest`;
  return (
    <ContestBaseContext.Provider value={base}>
      <ContestHeader info={info} base={base} />
      {error && <p class="failure">The contest cannot be read now: {error}</p>}
      <ContestRoute info={info} base={base} rest={rest} reload={reload} />
    </ContestBaseContext.Provider>
  );
}

function ContestRoute({
  info,
  base,
  rest,
  reload,
}: {
  info: ContestInfo;
  base: ContestBase;
  rest: string;
  reload: () => void;
}) {
  const match = (pattern: RegExp) => pattern.exec(rest)?.[1];
  const page = (path: string) => pageOf(base, path);
  // The site's own pages, where the site is this one contest: its paths as they were.
  const game = match(/^\/games\/([\w-]+)$/);
  if (game !== undefined) return <GamePage gameKey={game} offline={null} />;
  const rules = match(/^\/rules\/([\w-]+)$/);
  if (rules !== undefined) return <RulesPage game={rules} />;
  if (rest === '/login')
    return (
      <LoginPage
        viewer={info.viewer}
        contests={[{ game: info.game, title: info.title, pages: { ...info.pages, submit: page('/submit') } }]}
        onSession={reload}
        ownPage={(v) => (v.admin ? page('/admin') : page(`/authors/${v.author}`))}
      />
    );

  const author = match(/^\/authors\/([^/]+)$/);
  if (author !== undefined) return <AuthorPage name={author} info={info} />;
  const submission = match(/^\/submissions\/(\d+)$/);
  if (submission !== undefined) return <SubmissionPage id={Number(submission)} info={info} />;
  const final = match(/^\/finals\/(\d+)$/);
  if (final !== undefined) return <FinalPage id={Number(final)} info={info} />;
  if (rest === '/') return <LeaderboardPage info={info} />;
  if (rest === '/submit') return <SubmitPage info={info} />;
  if (rest === '/editor') return <EditorPage info={info} />;
  if (rest === '/starters') return <StartersPage info={info} />;
  if (rest === '/admin') return <AdminPage info={info} reloadInfo={reload} />;
  return <NoSuchPage home={page('/')} homeText="The leaderboard" />;
}

function ContestHeader({ info, base }: { info: ContestInfo; base: ContestBase }) {
  const { author, admin } = info.viewer;
  const page = (path: string) => pageOf(base, path);
  return (
    <header class="site-head">
      <a class="site-name" href={page('/')}>
        {info.title} contest
      </a>
      <nav>
        <a href={page('/')}>Leaderboard</a>
        <a href={info.pages.rules}>Rules</a>
        <a href={page('/starters')}>Starters</a>
        {author !== null && (
          <>
            <a href={page('/submit')}>Submit</a>
            <a href={page('/editor')}>Editor</a>
            <a href={page(`/authors/${author}`)}>Your bots</a>
          </>
        )}
        {admin && <a href={page('/admin')}>Admin</a>}
        {info.contests > 1 && <a href="/">All contests</a>}
      </nav>
      <Who viewer={info.viewer} />
    </header>
  );
}

/** Who is logged in, with a way out; or the way in. */
function Who({ viewer }: { viewer: Viewer }) {
  const { author, admin } = viewer;
  const logOut = async () => {
    try {
      await request('DELETE', '/api/session');
    } finally {
      location.reload();
    }
  };
  return (
    <span class="who" data-testid="who">
      {author !== null || admin ? (
        <>
          logged in as <b>{admin ? 'the admin' : author}</b>{' '}
          <button type="button" onClick={logOut}>
            Log out
          </button>
        </>
      ) : (
        <a href={`/login${location.pathname === '/' ? '' : `?next=${encodeURIComponent(location.pathname)}`}`}>
          Log in
        </a>
      )}
    </span>
  );
}

function NoSuchContest({ game, contests }: { game: string; contests: readonly ContestListing[] }) {
  document.title = 'No such contest';
  return (
    <div class="contest narrow">
      <h1>No such contest</h1>
      <p>
        This site holds no contest of “{game}”. Its contests:{' '}
        {contests.map((c, i) => (
          <>
            {i > 0 && ', '}
            <a href={c.pages.leaderboard}>{c.title}</a>
          </>
        ))}
        .
      </p>
      <p>
        <a href="/">All contests</a>
      </p>
    </div>
  );
}

function NoSuchPage({ home, homeText }: { home: string; homeText: string }) {
  return (
    <p>
      No such page. <a href={home}>{homeText}</a>
    </p>
  );
}
