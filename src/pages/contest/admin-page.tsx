/**
 * `{pages}/admin`, the admin's alone: invites, freezing the contest's games, its table sizes where its
 * game takes more than two, retiring a version, a final, the builds (each cancellable), every
 * submission.
 */
import { useState } from 'preact/hooks';
import type { AdminData, ContestInfo } from '../../server/contest-wire.js';
import { postJson } from '../api.js';
import { when } from '../format.js';
import { useLiveJson } from '../live-refresh.js';
import { Progress } from '../runs-page.js';
import { useBase } from './base.js';
import { mixText, played, Reason, Refusal, rating, Status, tableMixWords, Wdl, waitingText } from './parts.js';

/** `reloadInfo`: reads the contest's description again, which a change may change. */
export function AdminPage({ info, reloadInfo }: { info: ContestInfo; reloadInfo: () => void }) {
  const { page, api } = useBase();
  const { data, error, reload } = useLiveJson<AdminData>(api('/admin'), 1000);
  const [codes, setCodes] = useState<readonly string[]>([]);
  const [count, setCount] = useState('1');
  const [rounds, setRounds] = useState('2');
  const [retiring, setRetiring] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (error && !data) return <Refusal error={error} viewer={info.viewer} />;
  if (!data) return <p class="muted">Loading…</p>;

  /** Asks for a change; what it answers goes to `then`, a refusal on the page. */
  const change =
    <T,>(path: string, body: unknown, then: (answer: T) => void = () => {}) =>
    async (e?: Event) => {
      e?.preventDefault();
      setFailed(null);
      try {
        then(await postJson<T>(path, body));
        reload();
        reloadInfo();
      } catch (err) {
        setFailed((err as Error).message);
      }
    };
  const finalOn = info.finals.some((f) => f.endedAt === null);
  // A final plays at the mix's largest tables (docs/contests.md, Finals).
  const finalTable = Math.max(...info.tableMix.map((m) => m.size));

  return (
    <div class="contest admin">
      <h1>Admin</h1>
      <p class="muted">
        {data.authors} {data.authors === 1 ? 'author' : 'authors'}, {data.openInvites} open{' '}
        {data.openInvites === 1 ? 'invite' : 'invites'}, {data.gamesPlayed} games played, {data.playingNow} being played
        now.
      </p>
      {failed && (
        <p class="failure" role="alert">
          {failed}
        </p>
      )}

      <div class="admin-panels">
        <section class="panel">
          <h2>Invites</h2>
          <form
            class="inline-form"
            onSubmit={change<{ codes: string[] }>(api('/admin/invites'), { count: Number(count) }, (a) =>
              setCodes(a.codes),
            )}
          >
            <label>
              how many{' '}
              <input
                type="number"
                name="count"
                min={1}
                max={1000}
                value={count}
                onInput={(e) => setCount(e.currentTarget.value)}
              />
            </label>
            <button type="submit">Make invites</button>
          </form>
          {codes.length > 0 && (
            <>
              <p>Each is good for one author, to join on the login page or with tabula submit --invite:</p>
              <ul class="codes" data-testid="codes">
                {codes.map((c) => (
                  <li>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section class="panel">
          <h2>Games</h2>
          <p data-testid="frozen">
            {info.frozen ? (
              <b>Frozen: no new game starts.</b>
            ) : finalOn ? (
              'A final is being played: the ladder waits until it is over.'
            ) : (
              'Running: games are played without end.'
            )}
          </p>
          <button type="button" onClick={change(api('/admin/freeze'), { frozen: !info.frozen })}>
            {info.frozen ? 'Unfreeze the games' : 'Freeze the games'}
          </button>
        </section>

        {info.seats.max > 2 && <TableSizes info={info} reloadInfo={reloadInfo} />}

        <section class="panel">
          <h2>Finals</h2>
          {info.finals.length > 0 && (
            <ul class="finals">
              {[...info.finals].reverse().map((f) => (
                <li>
                  <a href={page(`/finals/${f.id}`)}>Final {f.id}</a>{' '}
                  <span class="muted">{f.endedAt === null ? 'being played' : `ended ${when(f.endedAt)}`}</span>{' '}
                  <Progress done={f.gamesPlayed} total={f.gamesPlanned} />
                </li>
              ))}
            </ul>
          )}
          <form
            class="inline-form"
            onSubmit={change<{ id: number }>(api('/admin/finals'), { rounds: Number(rounds) }, (a) => {
              location.href = page(`/finals/${a.id}`);
            })}
          >
            <label>
              rounds{' '}
              <input
                type="number"
                name="rounds"
                min={1}
                max={1000}
                value={rounds}
                onInput={(e) => setRounds(e.currentTarget.value)}
              />
            </label>
            <button type="submit" disabled={finalOn}>
              Start a final
            </button>
          </form>
          <p class="muted">
            {finalTable > 2
              ? `Each round deals every active version afresh into tables of up to ${finalTable}, each table played in every rotation of its seats,`
              : 'Every active version against every other, each pair twice with the seats swapped,'}{' '}
            ranked apart with ratings from afresh.
          </p>
        </section>
      </div>

      <h2>
        Builds{' '}
        <span class="muted">
          ({data.buildSlots} at once, one an author at a time; a build that hangs may be cancelled)
        </span>
      </h2>
      {data.builds.length === 0 ? (
        <p class="muted">None being built.</p>
      ) : (
        <table class="builds">
          <thead>
            <tr>
              <th class="num">#</th>
              <th>version</th>
              <th>author</th>
              <th>build</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.builds.map((b) => (
              <tr data-build={b.submission}>
                <td class="num muted">{b.submission}</td>
                <td>
                  <a href={page(`/submissions/${b.submission}`)}>{b.name}</a> <span class="muted">{b.lang}</span>
                </td>
                <td>{b.author}</td>
                <td>{b.since === null ? waitingText(b.ahead ?? 0) : `being built since ${when(b.since)}`}</td>
                <td>
                  <Confirmed
                    asking={cancelling === b.submission}
                    ask={(on) => setCancelling(on ? b.submission : null)}
                    label="Cancel"
                    question={`cancel ${b.name}? It is rejected.`}
                    yes="Yes, cancel"
                    act={change(api('/admin/cancel'), { submission: b.submission })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Submissions</h2>
      {data.submissions.length === 0 ? (
        <p class="muted">None yet.</p>
      ) : (
        <table class="submissions">
          <thead>
            <tr>
              <th class="num">#</th>
              <th>version</th>
              <th>status</th>
              <th>league</th>
              <th class="num" title="μ − 3σ">
                rating
              </th>
              <th>W / D / L</th>
              <th class="num">games</th>
              <th>submitted</th>
              <th>reason</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.submissions.map((s) => (
              <tr data-submission={s.id}>
                <td class="num muted">{s.id}</td>
                <td>
                  <a href={page(`/submissions/${s.id}`)}>{s.name}</a> <span class="muted">{s.lang}</span>
                </td>
                <td>
                  <Status status={s.status} />
                </td>
                <td>{s.league}</td>
                <td class="num">{played(s.status) ? rating(s.rating) : '–'}</td>
                <td>
                  <Wdl w={s.wins} d={s.draws} l={s.losses} />
                </td>
                <td class="num">{s.games}</td>
                <td class="muted">{when(s.submittedAt)}</td>
                <td class="reason">
                  <Reason text={s.reason} />
                </td>
                <td>
                  {s.status === 'active' && (
                    <Confirmed
                      asking={retiring === s.id}
                      ask={(on) => setRetiring(on ? s.id : null)}
                      label="Retire"
                      question={`retire ${s.name}?`}
                      yes="Yes, retire"
                      act={change(api('/admin/retire'), { submission: s.id })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The sizes of table the ladder plays, each with its weight, as the admin writes them (`2:1,3:1,4:2`);
 * a refusal in the server's words, beside the form.
 */
function TableSizes({ info, reloadInfo }: { info: ContestInfo; reloadInfo: () => void }) {
  const { api } = useBase();
  // What the server last answered, until the contest's description says so too.
  const [answered, setAnswered] = useState<ContestInfo['tableMix'] | null>(null);
  // What the admin is writing; null while untouched, the mix in force shown.
  const [mix, setMix] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const now = answered ?? info.tableMix;
  const submit = async (e: Event) => {
    e.preventDefault();
    setRefused(null);
    try {
      const answer = await postJson<{ tableMix: ContestInfo['tableMix'] }>(api('/admin/tables'), {
        mix: (mix ?? mixText(now)).trim(),
      });
      setAnswered(answer.tableMix);
      setMix(null);
      reloadInfo();
    } catch (err) {
      setRefused((err as Error).message);
    }
  };
  return (
    <section class="panel">
      <h2>Table sizes</h2>
      <p data-testid="table-mix-now">Played at {tableMixWords(now)}.</p>
      <form class="inline-form" onSubmit={submit}>
        <label>
          sizes{' '}
          <input
            class="mix"
            name="mix"
            autocomplete="off"
            value={mix ?? mixText(now)}
            onInput={(e) => setMix(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Set the table sizes</button>
      </form>
      {refused && (
        <p class="failure" role="alert">
          {refused}
        </p>
      )}
      <p class="muted">
        Each size with its weight: <code>2:1,4:2</code> plays tables of 4 twice as often as tables of 2. The game takes{' '}
        {info.seats.min} to {info.seats.max} players.
      </p>
    </section>
  );
}

/** A button whose act is asked about first: `question`, then `yes` acts, No takes it back. */
function Confirmed(props: {
  readonly asking: boolean;
  readonly ask: (on: boolean) => void;
  readonly label: string;
  readonly question: string;
  readonly yes: string;
  readonly act: () => void;
}) {
  if (!props.asking)
    return (
      <button type="button" onClick={() => props.ask(true)}>
        {props.label}
      </button>
    );
  return (
    <span class="confirm">
      {props.question}{' '}
      <button
        type="button"
        onClick={() => {
          props.ask(false);
          props.act();
        }}
      >
        {props.yes}
      </button>{' '}
      <button type="button" onClick={() => props.ask(false)}>
        No
      </button>
    </span>
  );
}
