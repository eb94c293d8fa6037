/**
 * `{pages}/submit`: what `tabula submit` does, from a browser: a logged-in author sends one source file or a
 * folder (each file named by its path in it), then follows the submission until it plays or is rejected.
 */
import { useState } from 'preact/hooks';
import type { ContestInfo, SubmissionData } from '../../server/contest-wire.js';
import { request } from '../api.js';
import { useLiveJson } from '../live-refresh.js';
import { useBase } from './base.js';
import { Reason, STATUS_TEXT, Status } from './parts.js';

/** A file's path in what was chosen: a folder's files carry the folder's name first, which the server drops. */
const pathOf = (file: File): string => file.webkitRelativePath || file.name;

/** What `tabula submit` leaves out of a folder too: dot files (version control's), installed packages. */
const skipped = (file: File): boolean =>
  file.webkitRelativePath
    .split('/')
    .slice(1)
    .some((name) => name.startsWith('.') || name === 'node_modules');

export function SubmitPage({ info }: { info: ContestInfo }) {
  const { page, api } = useBase();
  const [lang, setLang] = useState(info.languages[0]?.id ?? '');
  const [folder, setFolder] = useState(false);
  const [files, setFiles] = useState<readonly File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const { viewer } = info;

  if (viewer.author === null)
    return (
      <div class="contest narrow">
        <h1>Submit a bot</h1>
        {viewer.admin ? (
          <p>The admin submits no bots: log in with an author's token.</p>
        ) : (
          <p>
            <a href={`/login?next=${encodeURIComponent(page('/submit'))}`}>Log in</a> with your token first, or join
            with an invite.
          </p>
        )}
      </div>
    );

  const kept = files.filter((f) => !skipped(f));
  const left = files.length - kept.length;
  const bytes = kept.reduce((sum, f) => sum + f.size, 0);
  const send = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSending(true);
    const form = new FormData();
    form.append('lang', lang);
    for (const file of kept) form.append('files', file, pathOf(file));
    try {
      const made = await request<{ id: number }>('POST', api('/submissions'), form);
      setSent(made.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  const language = info.languages.find((l) => l.id === lang);

  return (
    <div class="contest narrow">
      <h1>Submit a bot</h1>
      <p class="muted">
        As <b>{viewer.author}</b>. It is built, then plays a validation game from each seat; accepted, it replaces your
        version before. The same as{' '}
        <code class="command">
          tabula submit {location.origin}/ PATH --lang LANG{info.contests > 1 && ` --game ${info.game}`}
        </code>
        . What it must read and write: <a href={info.pages.rules}>the rules</a>.
      </p>
      <p>
        <a href={page('/starters')}>Start from a starter</a>: a bot in each language that plays from its first game.
      </p>
      <form class="contest-form" onSubmit={send}>
        <label>
          Language
          <select name="lang" value={lang} onChange={(e) => setLang(e.currentTarget.value)}>
            {info.languages.map((l) => (
              <option value={l.id}>
                {l.name} ({l.id})
              </option>
            ))}
          </select>
        </label>
        {language && (
          <p class="muted">
            {language.build === null ? 'Nothing to build' : <>Built with {<code>{language.build}</code>}</>}; run as{' '}
            <code>{language.run}</code>.
          </p>
        )}
        <fieldset>
          <legend>What to send</legend>
          <label>
            <input
              type="radio"
              name="what"
              checked={!folder}
              onChange={() => {
                setFolder(false);
                setFiles([]);
              }}
            />{' '}
            one source file (it becomes the bot's main file)
          </label>
          <label>
            <input
              type="radio"
              name="what"
              checked={folder}
              onChange={() => {
                setFolder(true);
                setFiles([]);
              }}
            />{' '}
            a folder (a bot made with <code>tabula new</code>, its main file at the top)
          </label>
        </fieldset>
        <label>
          {folder ? 'The folder' : 'The source file'}
          <input
            key={folder ? 'folder' : 'file'}
            type="file"
            name="files"
            data-testid="files"
            ref={(input) => {
              if (input) input.webkitdirectory = folder;
            }}
            onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
          />
        </label>
        {files.length > 0 && (
          <p class="muted" data-testid="chosen">
            {kept.length} {kept.length === 1 ? 'file' : 'files'} to send, {(bytes / 1024).toFixed(1)} KiB:{' '}
            {kept
              .slice(0, 12)
              .map((f) => pathOf(f))
              .join(', ')}
            {kept.length > 12 && ', …'}
            {left > 0 && `; ${left} left out (dot files and node_modules, as tabula submit does)`}
          </p>
        )}
        <button type="submit" class="button" disabled={kept.length === 0 || sending || lang === ''}>
          {sending ? 'Sending…' : 'Submit'}
        </button>
        {error && <p class="failure">{error}</p>}
      </form>
      {sent !== null && <Following id={sent} />}
    </div>
  );
}

/** A submission being built and validated, followed until it plays or is rejected. */
export function Following({ id }: { id: number }) {
  const { page, api } = useBase();
  const { data, error } = useLiveJson<SubmissionData>(api(`/submissions/${id}`), 500);
  if (error) return <p class="failure">{error}</p>;
  if (!data) return <p class="muted">Sent: submission {id}…</p>;
  const done = data.status === 'active' || data.status === 'rejected' || data.status === 'retired';
  return (
    <section class="following" data-testid="following">
      <h2>
        {data.name} <Status status={data.status} />
      </h2>
      <p>
        {!done && <span class="live-dot" />} {STATUS_TEXT[data.status]}
        {data.status === 'active' && ` in the ${data.league} league`}.
      </p>
      {data.reason !== '' && (
        <p class={data.status === 'rejected' ? 'failure' : ''}>
          <Reason text={data.reason} />
        </p>
      )}
      {data.log !== '' && (
        <>
          <h4>Build log</h4>
          <pre class="lines log">{data.log}</pre>
        </>
      )}
      <p>
        <a href={page(`/submissions/${id}`)}>Its page</a>: its games, failures and source.
      </p>
    </section>
  );
}
