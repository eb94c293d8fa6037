/**
 * `/login`, the site's: logging in with a token or the admin key, and joining with an invite (which
 * shows the new token once). A name and its token are good for every contest of the site.
 */
import { useState } from 'preact/hooks';
import type { Viewer } from '../../server/contest-wire.js';
import { postJson, setCsrf } from '../api.js';

/** Opens a session with `token`; its CSRF token goes with the changes asked from now on. */
async function logIn(token: string): Promise<Viewer> {
  const viewer = await postJson<Viewer>('/api/session', { token });
  setCsrf(viewer.csrf);
  return viewer;
}

/** Where to go once logged in: where the login was asked from, else `ownPage`'s, else the home. */
function nextPage(viewer: Viewer, ownPage: ((viewer: Viewer) => string) | undefined): string {
  const next = new URLSearchParams(location.search).get('next');
  if (next?.startsWith('/') && !next.startsWith('//')) return next;
  return ownPage?.(viewer) ?? '/';
}

/** A contest as the login page names it: its game, its title, its submit page. */
interface Joinable {
  readonly game: string;
  readonly title: string;
  readonly pages: { readonly submit: string };
}

/**
 * `contests`: the site's; `ownPage`, where one goes once logged in without a page to go back to (on
 * a site of one contest, one's own page there).
 */
export function LoginPage({
  viewer,
  contests,
  onSession,
  ownPage,
}: {
  viewer: Viewer;
  contests: readonly Joinable[];
  onSession: () => void;
  ownPage?: (viewer: Viewer) => string;
}) {
  const [token, setToken] = useState('');
  const [invite, setInvite] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ author: string; token: string } | null>(null);
  // Where the site holds several contests, `tabula submit` is told which.
  const several = contests.length > 1;

  const submitLogin = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      location.href = nextPage(await logIn(token.trim()), ownPage);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const submitJoin = async (e: Event) => {
    e.preventDefault();
    setJoinError(null);
    try {
      const made = await postJson<{ author: string; token: string }>('/api/authors', {
        invite: invite.trim(),
        name: name.trim(),
      });
      await logIn(made.token);
      setJoined(made);
      onSession();
    } catch (err) {
      setJoinError((err as Error).message);
    }
  };

  if (joined)
    return (
      <div class="contest narrow">
        <h1>Welcome, {joined.author}</h1>
        <div class="token-box">
          <p>Your token, shown this once: keep it, it is how you log in here and how scripts send your bots.</p>
          <p>
            <code data-testid="new-token">{joined.token}</code>
          </p>
          <p class="muted">
            <code class="command">
              tabula submit {location.origin}/ my-bot --lang python --token TOKEN{several && ' --game GAME'}
            </code>{' '}
            sends a bot with it{several && <> (GAME: {contests.map((c) => c.game).join(', ')})</>}; scripts send it as{' '}
            <code>Authorization: Bearer TOKEN</code>.
          </p>
        </div>
        <p>
          You are logged in.{' '}
          {several ? (
            <>
              Submit your first bot:{' '}
              {contests.map((c, i) => (
                <>
                  {i > 0 && ', '}
                  <a href={c.pages.submit}>{c.title}</a>
                </>
              ))}
            </>
          ) : (
            contests[0] && <a href={contests[0].pages.submit}>Submit your first bot</a>
          )}
        </p>
      </div>
    );

  return (
    <div class="contest narrow">
      <h1>Log in</h1>
      {(viewer.author !== null || viewer.admin) && (
        <p class="notice">
          You are logged in as {viewer.admin ? 'the admin' : viewer.author}. Logging in again replaces the session.
        </p>
      )}
      <form class="contest-form" onSubmit={submitLogin}>
        <label>
          Your token, or the admin key
          <input
            type="password"
            name="token"
            autocomplete="off"
            required
            value={token}
            onInput={(e) => setToken(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="button">
          Log in
        </button>
        {error && <p class="failure">{error}</p>}
      </form>
      <p class="muted">
        Your token was printed when you joined; <code>tabula submit</code> keeps it in{' '}
        <code>~/.config/tabula/contests.json</code>.
      </p>

      <h2>Join with an invite</h2>
      <form class="contest-form" onSubmit={submitJoin}>
        <label>
          Invite code
          <input
            name="invite"
            autocomplete="off"
            required
            value={invite}
            onInput={(e) => setInvite(e.currentTarget.value)}
          />
        </label>
        <label>
          Your name{' '}
          <span class="muted">
            (2 to 32 lower case letters, digits, _ and -, a letter first: your bots are named NAME.v1, NAME.v2, …)
          </span>
          <input
            name="name"
            autocomplete="off"
            required
            pattern="[a-z][a-z0-9_\-]{1,31}"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="button">
          Join
        </button>
        {joinError && <p class="failure">{joinError}</p>}
      </form>
    </div>
  );
}
