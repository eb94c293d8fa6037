/**
 * The editor page's parts: the draft's saving and where it comes from, the table a test game is
 * played at, a test game's status in words, its build's diagnostics and log, and the author's recent
 * test games.
 */
import { useRef, useState } from 'preact/hooks';
import type { ContestInfo, Diagnostic, Draft, TestGameData, TestOpponent } from '../../server/contest-wire.js';
import { request } from '../api.js';
import type { EditorHandle } from '../editor/editor-handle.js';
import { when } from '../format.js';
import { useBase } from './base.js';
import { rating } from './parts.js';

/** Whether a test game is still in hand: Play waits for it. */
export const inHand = (t: TestGameData | null): boolean =>
  t !== null && (t.status === 'building' || t.status === 'waiting' || t.status === 'playing');

/** The time of day, to the second: when a draft was saved. */
const clock = (iso: string): string =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** Where the draft's text comes from, in words. */
function draftFrom(draft: Draft): string {
  if (draft.from === 'draft') return `your draft${draft.savedAt === null ? '' : `, saved ${clock(draft.savedAt)}`}`;
  return draft.from === 'submission' ? 'your newest submission in this language' : 'the starter';
}

/** Whether the editor's text is on the server. */
export type SaveState =
  | { readonly kind: 'loaded' }
  | { readonly kind: 'edited' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved'; readonly at: string }
  | { readonly kind: 'failed'; readonly error: string };

const EDITED: SaveState = { kind: 'edited' };

const SAVE_AFTER_MS = 1000;

/** The largest body a browser sends as the page is left (a request with `keepalive`), less room for the JSON. */
const KEEPALIVE_BYTES = 64 * 1024 - 256;

/**
 * The draft's saving: a second after the last change, or at once (`save`: the language switched, the
 * page hidden or left). One save after the other, so that an older text never lands last.
 */
export function useSaving(
  editor: { readonly current: EditorHandle | null },
  path: (lang: string) => string,
  lang: string,
) {
  const [state, setState] = useState<SaveState>({ kind: 'loaded' });
  /** The language the editor holds. */
  const held = useRef(lang);
  /** Whether the editor's text differs from the server's. */
  const dirty = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const save = (leaving = false): Promise<void> => {
    clearTimeout(timer.current);
    chain.current = chain.current.then(async () => {
      const handle = editor.current;
      if (!dirty.current || !handle) return;
      const text = handle.text();
      dirty.current = false;
      setState({ kind: 'saving' });
      const keepalive = leaving && new Blob([text]).size < KEEPALIVE_BYTES;
      try {
        const { savedAt } = await request<{ savedAt: string }>('PUT', path(held.current), { text }, keepalive);
        setState(dirty.current ? EDITED : { kind: 'saved', at: savedAt });
      } catch (err) {
        dirty.current = true;
        setState({ kind: 'failed', error: (err as Error).message });
      }
    });
    return chain.current;
  };
  return {
    state,
    lang: held,
    save,
    /** After each change in the editor. */
    edited: () => {
      dirty.current = true;
      setState(EDITED);
      clearTimeout(timer.current);
      timer.current = window.setTimeout(() => save(), SAVE_AFTER_MS);
    },
    /** The editor holds the server's text: a draft just opened, or the text a test game saved. */
    clean: (now: SaveState) => {
      clearTimeout(timer.current);
      dirty.current = false;
      setState(now);
    },
  };
}

/** The draft's file, and where its text comes from until it changes; then whether it is saved. */
export function DraftState({ draft, state }: { draft: Draft; state: SaveState }) {
  const text = {
    loaded: `from ${draftFrom(draft)}`,
    edited: 'changed',
    saving: 'saving…',
    saved: state.kind === 'saved' ? `saved ${clock(state.at)}` : '',
    failed: state.kind === 'failed' ? `not saved: ${state.error}` : '',
  }[state.kind];
  return (
    <span class="muted">
      <code>{draft.file}</code>{' '}
      <span class={state.kind === 'failed' ? 'failure' : ''} data-testid="draft-state">
        {text}
      </span>
    </span>
  );
}

/** The table a test game is asked for: its opponent, its size, the draft's seat and the seed; null and '' drawn. */
export interface Table {
  readonly opponent: number | null;
  readonly players: number;
  readonly seat: number | null;
  readonly seed: string;
}

/** The table's choices; the size only for a game of more than two players. Seats shown from 1. */
export function TableChoice({
  info,
  opponents,
  table,
  onChange,
}: {
  info: ContestInfo;
  opponents: readonly TestOpponent[];
  table: Table;
  onChange: (table: Table) => void;
}) {
  const { min, max } = info.seats;
  const sizes = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const change = (part: Partial<Table>) => onChange({ ...table, ...part });
  return (
    <>
      <label>
        Opponent{' '}
        <select
          data-testid="opponent"
          value={table.opponent ?? ''}
          onChange={(e) => change({ opponent: Number(e.currentTarget.value) })}
        >
          {opponents.map((o) => (
            <option value={o.id}>
              {o.name} ({o.league} league{!o.boss && `, rating ${rating(o.rating)}`})
            </option>
          ))}
        </select>
      </label>
      {max > 2 && (
        <label>
          Players{' '}
          <select
            data-testid="players"
            value={table.players}
            onChange={(e) => {
              const players = Number(e.currentTarget.value);
              change({ players, ...(table.seat !== null && table.seat >= players && { seat: null }) });
            }}
          >
            {sizes.map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        Seat{' '}
        <select
          data-testid="seat"
          value={table.seat ?? ''}
          onChange={(e) => change({ seat: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
        >
          <option value="">drawn</option>
          {Array.from({ length: Math.max(2, table.players) }, (_, i) => (
            <option value={i}>{i}</option>
          ))}
        </select>
      </label>
      <label>
        Seed{' '}
        <input
          data-testid="seed"
          class="seed"
          type="number"
          min={0}
          step={1}
          placeholder="drawn"
          value={table.seed}
          onInput={(e) => change({ seed: e.currentTarget.value })}
        />
      </label>
    </>
  );
}

/** A test game's status in words. */
function statusText(t: TestGameData): string {
  switch (t.status) {
    case 'building':
      return 'building…';
    case 'waiting':
      return `waiting for a slot: ${t.ahead ? `${t.ahead} ahead` : 'next'}`;
    case 'playing':
      return 'playing…';
    case 'played':
      return t.outcome ? `played: ${ordinal(t.outcome.place)} of ${t.players} — ${t.outcome.reason}` : 'played';
    case 'failed':
      return `failed: ${t.reason}`;
  }
}

/** The test game in hand or the last one: against whom, from which seat, and where it is; its game below, at a click. */
export function TestStatus({ test, onWatch }: { test: TestGameData; onWatch: () => void }) {
  const kind = test.status === 'failed' ? 'failure' : test.outcome?.place === 1 ? 'won' : '';
  return (
    <p class={`test-status ${kind}`} data-testid="test-status">
      {inHand(test) && <span class="live-dot" />}{' '}
      <span class="muted">
        Test game {test.id}: against {test.opponent}, seat {test.seat} of {test.players}, seed {test.seed}:
      </span>{' '}
      {statusText(test)}
      {test.gameId !== null && (
        <>
          {' '}
          <button type="button" class="link" onClick={onWatch}>
            watch it below
          </button>
        </>
      )}
    </p>
  );
}

/** What the build printed: open where it failed. */
export function BuildLog({ build }: { build: NonNullable<TestGameData['build']> }) {
  if (build.log === '') return null;
  return (
    <details class="build-log" open={!build.ok}>
      <summary>{build.ok ? 'What the build printed' : 'The build failed: its log'}</summary>
      <pre class="lines log" data-testid="build-log">
        {build.log}
      </pre>
    </details>
  );
}

/** The build's errors and warnings by line: a click puts the cursor there. */
export function Diagnostics({ list, onPick }: { list: readonly Diagnostic[]; onPick: (d: Diagnostic) => void }) {
  if (list.length === 0) return null;
  return (
    <ul class="diagnostics" data-testid="diagnostics">
      {list.map((d) => (
        <li class={d.severity}>
          <button type="button" class="link" onClick={() => onPick(d)}>
            line {d.line}
            {d.column !== null && `, column ${d.column}`}
          </button>
          : {d.message}
        </li>
      ))}
    </ul>
  );
}

/** The author's recent test games, newest first; the one in the viewer marked, another shown at a click. */
export function TestList({
  tests,
  shown,
  onShow,
}: {
  tests: readonly TestGameData[];
  shown: number | null;
  onShow: (gameId: number) => void;
}) {
  const { page } = useBase();
  if (tests.length === 0) return <p class="muted">No test game yet: Play plays one.</p>;
  return (
    <table class="test-games">
      <thead>
        <tr>
          <th>test</th>
          <th>language</th>
          <th>opponent</th>
          <th>seat</th>
          <th>result</th>
          <th>asked</th>
          <th>game</th>
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => (
          <tr class={t.gameId !== null && t.gameId === shown ? 'self' : ''}>
            <td>{t.id}</td>
            <td>{t.lang}</td>
            <td>{t.opponent}</td>
            <td>
              {t.seat} of {t.players}
            </td>
            <td class={t.status === 'failed' ? 'failure' : ''}>{statusText(t)}</td>
            <td class="muted">{when(t.createdAt)}</td>
            <td>
              {t.gameId !== null && (
                <>
                  <a href={page(`/games/${t.gameId}`)}>game {t.gameId}</a>{' '}
                  {t.gameId !== shown && (
                    <button type="button" onClick={() => onShow(t.gameId!)}>
                      show
                    </button>
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
