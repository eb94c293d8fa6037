/**
 * The viewer: a game turn by turn (`#turn=N`), its board, the acting seat's exact input and output,
 * navigation by keys and buttons, reproduction, charts; live games grow as they are played, and a
 * person's seat moves here.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReplayTurn } from '../arena/replay.js';
import { timedOutTurn } from '../arena/replay-timeout.js';
import { timeoutRuling } from '../core/time-control.js';
import type { Seat } from '../core/units.js';
import type { Ask, GameData, ServerMessage } from '../server/wire.js';
import { getJson, onContestSite, socket } from './api.js';
import { Board } from './board.js';
import { seatColour } from './format.js';
import { PersonMove } from './person-move.js';
import { Reproduce } from './reproduce.js';
import { SeatPane } from './seat-pane.js';
import { TurnCharts } from './turn-charts.js';

const SPEEDS = [0.5, 1, 2, 4, 8, 16, 32];

const hashTurn = (): number | null => {
  const m = /(?:^#|&)turn=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
};

export function GamePage({ gameKey, offline }: { gameKey: string; offline: GameData | null }) {
  const [data, setData] = useState<GameData | null>(offline);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (offline) return;
    getJson<GameData>(`/api/games/${gameKey}`).then(setData, (e: Error) => setError(e.message));
  }, [gameKey]);
  if (error) return <p class="failure">{error}</p>;
  if (!data) return <p class="muted">Loading…</p>;
  return <Viewer initial={data} offline={offline !== null} />;
}

/**
 * Whose doing each timeout of the game was, the machine's or the bot's, and why, with what was
 * measured (core/time-control.ts, `timeoutRuling`); nothing in a game without one.
 */
function Rulings({ turns }: { turns: readonly ReplayTurn[] }) {
  return (
    <>
      {turns
        .filter((t) => t.failure?.status === 'timeout')
        .map((turn) => {
          const { machine, why } = timeoutRuling(turn.seat, timedOutTurn(turn));
          return (
            <p class="muted" data-testid="ruling">
              {machine ? "Ruled the machine's: " : "Ruled the bot's: "}
              {why} (<a href={`#turn=${turn.turn}`}>turn {turn.turn}</a>)
            </p>
          );
        })}
    </>
  );
}

function Viewer({ initial, offline }: { initial: GameData; offline: boolean }) {
  const [data, setData] = useState(initial);
  const turns = data.record.turns;
  const last = turns.length;
  const [turn, setTurnState] = useState(() => Math.min(hashTurn() ?? (data.live ? last : 0), last));
  const [following, setFollowing] = useState(data.live && (hashTurn() === null || hashTurn() === last));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(4);
  const [ask, setAsk] = useState<Ask | null>(data.ask ?? null);
  const [selected, setSelected] = useState<string[]>([]);
  const [line, setLine] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const person = data.personSeats.length > 0;
  const [perspective, setPerspective] = useState<number | null>(person ? data.personSeats[0]! : null);
  const turnsRef = useRef(turns);
  turnsRef.current = turns;

  // The turn shown as of the last key or click, ahead of the next render: keys pressed quickly in a row each count.
  const turnRef = useRef(turn);
  turnRef.current = turn;
  const setTurn = (n: number) => {
    const t = Math.max(0, Math.min(turnsRef.current.length, n));
    turnRef.current = t;
    setTurnState(t);
    setFollowing(t === turnsRef.current.length);
  };

  // The URL's hash follows the turn shown, so that a link opens the same turn.
  useEffect(() => {
    if (hashTurn() !== turn) history.replaceState(null, '', `#turn=${turn}`);
  }, [turn]);
  useEffect(() => {
    const onHash = () => {
      const n = hashTurn();
      if (n !== null) setTurn(n);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // Live: new turns, a person's turn, the end (and where the game was stored).
  useEffect(() => {
    if (offline) return;
    const stop = socket.listen((m: ServerMessage) => {
      if (m.type === 'reload') return location.reload();
      if (!('key' in m) || m.key !== data.key) return;
      if (m.type === 'turns')
        setData((d) => {
          // Turns come in order, and again after a reconnection: only those that follow the last one shown.
          const turns = [...d.record.turns];
          for (const t of m.turns) if (t.turn === turns.length + 1) turns.push(t);
          return turns.length === d.record.turns.length ? d : { ...d, record: { ...d.record, turns } };
        });
      else if (m.type === 'ask') {
        setAsk(m.ask);
        setSelected([]);
        setLine('');
        setRefused(null);
      } else if (m.type === 'refused') setRefused(`${JSON.stringify(m.line)}: ${m.error}`);
      else if (m.type === 'end') {
        setAsk(null);
        if (m.storedId !== undefined) {
          history.replaceState(null, '', `/games/${m.storedId}${location.hash}`);
          getJson<GameData>(`/api/games/${m.storedId}`).then((d) => setData({ ...d, personSeats: data.personSeats }));
        } else setData((d) => ({ ...d, live: false, record: { ...d.record, ...(m.result && { result: m.result }) } }));
      }
    });
    socket.watch(data.key);
    return stop;
  }, [data.key]);

  // Following a live game: show each new turn as it comes.
  useEffect(() => {
    if (following) setTurnState(last);
  }, [last]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setTurnState((t) => {
        if (t >= turnsRef.current.length) {
          if (!data.live) setPlaying(false);
          return t;
        }
        return t + 1;
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, data.live]);

  const nextFailure = () => {
    const all = turns.filter((t) => t.failure);
    const next = all.find((t) => t.turn > turn) ?? all[0];
    if (next) setTurn(next.turn);
  };
  const slowest = () => {
    const t = turns.reduce<ReplayTurn | null>((a, b) => (a === null || b.timeMs > a.timeMs ? b : a), null);
    if (t) setTurn(t.turn);
  };
  const nextOfSeat = (s: number) => {
    const mine = turns.filter((t) => t.seat === s);
    const next = mine.find((t) => t.turn > turn) ?? mine[0];
    if (next) setTurn(next.turn);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => setTurn(turnRef.current - 1),
        ArrowRight: () => setTurn(turnRef.current + 1),
        Home: () => setTurn(0),
        End: () => setTurn(turnsRef.current.length),
        ' ': () => togglePlay(),
      };
      const act = keys[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const togglePlay = () => {
    if (!playing && turn >= last) setTurnState(0);
    setPlaying(!playing);
  };

  // A person's move by clicks: the legal moves whose path starts with the clicks made so far.
  const myTurn = ask !== null && ask.turn === last + 1 && turn === last;
  const moves = useMemo(
    () => (ask ? ask.moves.filter((m) => selected.every((id, i) => m.path[i] === id)) : []),
    [ask, selected],
  );
  const targets = myTurn ? [...new Set(moves.flatMap((m) => m.path.slice(selected.length, selected.length + 1)))] : [];
  const send = (text: string) => {
    if (!ask || text.trim() === '') return;
    setRefused(null);
    socket.send({ type: 'move', key: data.key, line: text });
  };
  const click = (id: string) => {
    const path = [...selected, id];
    const exact = moves.find((m) => m.path.length === path.length && m.path.every((p, i) => p === path[i]));
    const longer = moves.some((m) => m.path.length > path.length && m.path[selected.length] === id);
    setSelected(path);
    if (exact) setLine(exact.line);
    if (exact && !longer) send(exact.line);
  };

  const record = data.record;
  const current = turn > 0 ? turns[turn - 1] : undefined;
  const snapshot = current ? current.state : record.initialState;
  const seats = record.players.length;
  const latestOf = (s: number) => turns.slice(0, turn).findLast((t) => t.seat === s);

  return (
    <div class="viewer">
      <header class="game-head">
        <h1>
          {data.title}{' '}
          <span class="muted">
            {[data.storedId !== undefined ? `game ${data.storedId}` : data.live ? 'live' : '', `seed ${record.seed}`]
              .filter((x) => x !== '')
              .join(', ')}
          </span>
        </h1>
        <p class="crumbs">
          {!offline &&
            (data.contest ? (
              // A contest's game: back to its leaderboard, whichever contest of the site it is.
              <a href={data.contest.leaderboard}>{data.contest.title} contest</a>
            ) : (
              <a href="/">{onContestSite() ? 'Leaderboard' : 'Runs'}</a>
            ))}
          {!offline && data.runId !== undefined && (
            <>
              {' › '}
              <a href={`/runs/${data.runId}`}>run {data.runId}</a>
            </>
          )}
          {!offline && (
            <>
              {' · '}
              <a href={`/rules/${record.game}`}>the rules</a>
            </>
          )}
        </p>
        <ol class="players">
          {record.players.map((p) => {
            const r = record.result?.players[p.seat];
            return (
              <li style={{ color: seatColour(p.seat) }}>
                <span class="dot" style={{ background: seatColour(p.seat) }} /> seat {p.seat}: <b>{p.bot}</b>
                {data.personSeats.includes(p.seat) && ' (you)'}
                {r && (
                  <span class="muted">
                    {' '}
                    rank {r.rank}, score {r.score}
                    {r.status !== 'ok' && `, ${r.status}`}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
        <p class="result" data-testid="result">
          {record.result
            ? `${record.result.winner === null ? 'Draw' : `Seat ${record.result.winner} wins`}: ${record.result.reason}`
            : data.live
              ? 'Being played…'
              : ''}
        </p>
        <Rulings turns={turns} />
        {data.note && (
          <p class="muted" data-testid="note">
            {data.note}
          </p>
        )}
      </header>

      <nav class="controls" aria-label="turns">
        <button type="button" title="first turn (Home)" aria-label="first turn" onClick={() => setTurn(0)}>
          |◀
        </button>
        <button type="button" title="previous turn (←)" aria-label="previous turn" onClick={() => setTurn(turn - 1)}>
          ◀
        </button>
        <button
          type="button"
          title="play or pause (Space)"
          class="play-button"
          onClick={togglePlay}
          aria-pressed={playing}
        >
          {playing ? 'pause' : 'play'}
        </button>
        <button type="button" title="next turn (→)" aria-label="next turn" onClick={() => setTurn(turn + 1)}>
          ▶
        </button>
        <button type="button" title="last turn (End)" aria-label="last turn" onClick={() => setTurn(last)}>
          ▶|
        </button>
        <input
          type="range"
          aria-label="turn slider"
          min={0}
          max={last}
          value={turn}
          onInput={(e) => setTurn(Number(e.currentTarget.value))}
        />
        <label>
          turn{' '}
          <input
            type="number"
            aria-label="turn number"
            class="turn-number"
            min={0}
            max={last}
            value={turn}
            onChange={(e) => setTurn(Number(e.currentTarget.value))}
          />{' '}
          / {last}
        </label>
        <label>
          speed{' '}
          <select aria-label="speed" value={speed} onChange={(e) => setSpeed(Number(e.currentTarget.value))}>
            {SPEEDS.map((s) => (
              <option value={s}>{s} turns/s</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={nextFailure} disabled={!turns.some((t) => t.failure)}>
          next failure
        </button>
        <button type="button" onClick={slowest} disabled={last === 0}>
          slowest turn
        </button>
        <span class="seat-jumps">
          next turn of{' '}
          {record.players.map((p) => (
            <button type="button" style={{ color: seatColour(p.seat) }} onClick={() => nextOfSeat(p.seat)}>
              seat {p.seat}
            </button>
          ))}
        </span>
      </nav>

      <div class="stage">
        <div class="board-column">
          <Board
            game={record.game}
            snapshot={snapshot}
            options={{
              ...(perspective !== null && { seat: perspective as Seat }),
              targets,
              selected: myTurn ? selected : [],
            }}
            onTarget={click}
          />
          <label class="perspective">
            drawn for{' '}
            <select
              aria-label="drawn for"
              value={perspective ?? ''}
              onChange={(e) => setPerspective(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
            >
              <option value="">a spectator</option>
              {record.players.map((p) => (
                <option value={p.seat}>seat {p.seat}</option>
              ))}
            </select>
          </label>
        </div>
        <div class="panes">
          {myTurn && ask && (
            <PersonMove
              ask={ask}
              line={line}
              refused={refused}
              clicking={selected.length > 0}
              onLine={(l) => {
                setLine(l);
                setSelected([]);
              }}
              onSend={() => send(line)}
              onClear={() => {
                setSelected([]);
                setLine('');
              }}
            />
          )}
          {ask && !myTurn && ask.turn === last + 1 && (
            <p class="person-waiting">
              It is your turn:{' '}
              <button type="button" onClick={() => setTurn(last)}>
                go to the last turn
              </button>
            </p>
          )}
          {current ? (
            <SeatPane turn={current} bot={record.players[current.seat]?.bot ?? ''} />
          ) : (
            <p class="muted">The start of the game: no turn played yet.</p>
          )}
          {record.players
            .filter((p) => p.seat !== current?.seat)
            .map((p) => {
              const t = latestOf(p.seat);
              return (
                <details class="other-seat">
                  <summary style={{ color: seatColour(p.seat) }}>
                    seat {p.seat} ({p.bot}){t ? `: its last turn, ${t.turn}` : ': no turn yet'}
                  </summary>
                  {t && <SeatPane turn={t} bot={p.bot} />}
                </details>
              );
            })}
        </div>
      </div>
      <TurnCharts turns={turns} seats={seats} shown={turn} onPick={setTurn} />
      <Reproduce data={data} turn={turn} />
    </div>
  );
}
