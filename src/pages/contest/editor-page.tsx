/**
 * `{pages}/editor`: a logged-in author writes a bot in the browser beside the game's rules, plays it
 * against an opponent of their choosing (a test game: built on the server, played once, shown in
 * the viewer below), and submits it as the submit page does. The draft is saved as they type, one
 * for each language. The code editor (CodeMirror) is a bundle of its own, loaded when the page opens.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ContestInfo, Diagnostic, Draft, EditorData, TestGameData } from '../../server/contest-wire.js';
import { getJson, postJson, request } from '../api.js';
import type { CreateEditor, EditorHandle } from '../editor/editor-handle.js';
import { GamePage } from '../game-page.js';
import { RulesPage } from '../rules-page.js';
import { useBase } from './base.js';
import {
  BuildLog,
  Diagnostics,
  DraftState,
  inHand,
  type Table,
  TableChoice,
  TestList,
  TestStatus,
  useSaving,
} from './editor-parts.js';
import { Refusal } from './parts.js';
import { Following } from './submit-page.js';

/** The code editor's bundle: a name in a variable, which the pages' bundler leaves to the browser. */
const EDITOR_BUNDLE = '/assets/editor.js';

const POLL_MS = 500;

const MAC = /Mac|iPhone|iPad/.test(navigator.platform);
const KEYS = MAC ? { play: '⌘Enter', submit: '⌘⇧Enter' } : { play: 'Ctrl+Enter', submit: 'Ctrl+Shift+Enter' };

export function EditorPage({ info }: { info: ContestInfo }) {
  const path = useBase().api('/editor');
  const nobody = info.viewer.author === null && !info.viewer.admin;
  const [data, setData] = useState<EditorData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!nobody) getJson<EditorData>(path).then(setData, (e: Error) => setError(e.message));
  }, [path, nobody]);
  document.title = `${info.title}: editor`;
  if (nobody || error)
    return (
      <div class="contest narrow">
        <h1>Write a bot</h1>
        {error ? (
          <Refusal error={error} viewer={info.viewer} />
        ) : (
          <p>
            <a href={`/login?next=${encodeURIComponent(location.pathname)}`}>Log in</a> with your token to write a bot
            here, play it against the contest's bots and submit it.
          </p>
        )}
      </div>
    );
  if (!data) return <p class="muted">Loading…</p>;
  return <Workbench info={info} data={data} />;
}

function Workbench({ info, data }: { info: ContestInfo; data: EditorData }) {
  const { page, api } = useBase();
  const [lang, setLang] = useState(
    () => data.lang ?? (info.languages.find((l) => l.id === 'python') ?? info.languages[0])?.id ?? '',
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [table, setTable] = useState<Table>({
    opponent: data.opponents[0]?.id ?? null,
    players: info.seats.min,
    seat: null,
    seed: '',
  });
  const [tests, setTests] = useState(data.tests);
  // The test game in the status line: the one in hand, else the newest.
  const [test, setTest] = useState<TestGameData | null>(data.tests[0] ?? null);
  const [starting, setStarting] = useState(false);
  const [testError, setTestError] = useState<string | null>(null);
  const [diagnostics, setDiagnostics] = useState<readonly Diagnostic[]>([]);
  const [shown, setShown] = useState(data.tests.find((t) => t.gameId !== null)?.gameId ?? null);
  const [sending, setSending] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  // The rules open beside the editor on a wide window; above it, closed, on a narrow one.
  const [wide] = useState(() => matchMedia('(min-width: 1000px)').matches);

  const box = useRef<HTMLDivElement>(null);
  const viewer = useRef<HTMLElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const saving = useSaving(editor, (l) => api(`/drafts/${l}`), lang);

  /** Shows a stored game in the viewer, from its start: the address's turn was the last game's. */
  const show = (gameId: number) => {
    history.replaceState(null, '', location.pathname);
    setShown(gameId);
  };

  const mark = (found: readonly Diagnostic[]) => {
    setDiagnostics(found);
    editor.current?.setDiagnostics(found);
  };

  /** A test game's news: in the status line and the list; once done, its diagnostics and its game. */
  const update = (t: TestGameData) => {
    setTest(t);
    setTests((list) => [t, ...list.filter((o) => o.id !== t.id)]);
    if (inHand(t)) return;
    mark(t.build?.diagnostics ?? []);
    if (t.gameId !== null) show(t.gameId);
  };

  const play = async () => {
    const handle = editor.current;
    const { opponent, seat, seed, players } = table;
    if (!handle || starting || inHand(test) || opponent === null || data.limits.slots === 0) return;
    const text = handle.text();
    setStarting(true);
    setTestError(null);
    try {
      const started = await postJson<TestGameData>(api('/tests'), {
        lang,
        text,
        opponent,
        ...(seat !== null && { seat }),
        ...(seed !== '' && { seed: Number(seed) }),
        ...(info.seats.max > 2 && { players }),
      });
      // The server saved the text as the draft too.
      if (handle.text() === text) saving.clean({ kind: 'saved', at: started.createdAt });
      mark([]);
      update(started);
    } catch (err) {
      setTestError((err as Error).message);
    } finally {
      setStarting(false);
    }
  };

  const submit = async () => {
    const handle = editor.current;
    if (!handle || !draft || sending) return;
    setSending(true);
    setSubmitError(null);
    const form = new FormData();
    form.append('lang', lang);
    form.append('files', new File([handle.text()], draft.file));
    try {
      setSubmitted((await request<{ id: number }>('POST', api('/submissions'), form)).id);
    } catch (err) {
      setSubmitError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  const switchTo = async (next: string) => {
    await saving.save();
    setLoadError(null);
    try {
      const d = await getJson<Draft>(api(`/drafts/${next}`));
      saving.lang.current = next;
      setLang(next);
      setDraft(d);
      saving.clean({ kind: 'loaded' });
      setDiagnostics([]);
      editor.current?.setText(d.text, next);
    } catch (err) {
      setLoadError((err as Error).message);
    }
  };

  // The shortcuts, from the editor and from anywhere on the page, act on the page as it is now.
  const actions = useRef({ play, submit });
  actions.current = { play, submit };

  // The editor's bundle and the draft, then the editor; the draft saved as the page is left or hidden.
  useEffect(() => {
    let gone = false;
    const bundle = import(EDITOR_BUNDLE) as Promise<{ createEditor: CreateEditor }>;
    Promise.all([bundle, getJson<Draft>(api(`/drafts/${lang}`))]).then(
      ([{ createEditor }, d]) => {
        if (gone || !box.current) return;
        setDraft(d);
        editor.current = createEditor(box.current, {
          text: d.text,
          lang,
          onChange: saving.edited,
          keys: { play: () => actions.current.play(), submit: () => actions.current.submit() },
        });
        setReady(true);
        // The last test game's diagnostics, where it was of this language: the draft it built, or one edited since.
        const last = data.tests[0];
        if (last && !inHand(last) && last.lang === lang) mark(last.build?.diagnostics ?? []);
      },
      (err: Error) => setLoadError(err.message),
    );
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saving.save(true);
    };
    const left = () => void saving.save(true);
    const keys = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      void (e.shiftKey ? actions.current.submit() : actions.current.play());
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', left);
    document.addEventListener('keydown', keys);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', left);
      document.removeEventListener('keydown', keys);
      void saving.save().then(() => editor.current?.destroy());
    };
  }, []);

  // A test game in hand is asked after until it is done.
  useEffect(() => {
    if (!test || !inHand(test)) return;
    const id = test.id;
    const next = window.setTimeout(() => {
      getJson<TestGameData>(api(`/tests/${id}`)).then(update, (err: Error) => setTestError(err.message));
    }, POLL_MS);
    return () => clearTimeout(next);
  }, [test]);

  const playOff = data.limits.slots === 0 || data.opponents.length === 0;
  return (
    <div class="editor-page">
      <details class="editor-rules" open={wide}>
        <summary>The rules</summary>
        <RulesPage game={info.game} inside />
      </details>

      <section class="editor-work">
        <div class="editor-bar">
          <label>
            Language{' '}
            <select data-testid="lang" value={lang} onChange={(e) => void switchTo(e.currentTarget.value)}>
              {info.languages.map((l) => (
                <option value={l.id}>{l.name}</option>
              ))}
            </select>
          </label>
          <TableChoice info={info} opponents={data.opponents} table={table} onChange={setTable} />
        </div>
        <div class="editor-actions">
          <button
            type="button"
            class="button"
            data-testid="play"
            disabled={!ready || starting || inHand(test) || playOff}
            onClick={() => void play()}
          >
            Play ({KEYS.play})
          </button>
          <button type="button" data-testid="submit" disabled={!ready || sending} onClick={() => void submit()}>
            {sending ? 'Sending…' : `Submit (${KEYS.submit})`}
          </button>
          {draft && <DraftState draft={draft} state={saving.state} />}
        </div>
        {playOff && (
          <p class="muted">
            {data.limits.slots === 0
              ? 'Test games are off on this server.'
              : 'No opponent to play: the contest has no boss and no active version.'}
          </p>
        )}
        {test && <TestStatus test={test} onWatch={() => viewer.current?.scrollIntoView({ behavior: 'smooth' })} />}
        {testError && (
          <p class="failure" data-testid="test-error">
            {testError}
          </p>
        )}
        {loadError && <p class="failure">{loadError}</p>}
        {!ready && !loadError && <p class="muted">Loading the editor…</p>}
        <div class="code-box" ref={box} />
        <Diagnostics list={diagnostics} onPick={(d) => editor.current?.goTo(d.line, d.column)} />
        {test?.build && <BuildLog build={test.build} />}
        {submitError && <p class="failure">{submitError}</p>}
        {submitted !== null && (
          <div data-testid="submission-status">
            <Following key={submitted} id={submitted} />
          </div>
        )}
      </section>

      <section class="editor-viewer" data-testid="test-viewer" ref={viewer}>
        {shown !== null && (
          <>
            <p class="muted">
              Test game shown: <a href={page(`/games/${shown}`)}>game {shown}</a>, on a page of its own. Test games are
              kept {data.limits.keptDays} days.
            </p>
            <GamePage key={shown} gameKey={String(shown)} offline={null} />
          </>
        )}
        <h2>Your test games</h2>
        <TestList tests={tests} shown={shown} onShow={show} />
      </section>
    </div>
  );
}
