/** `/play`: a person picks a game, a built-in opponent and a seat, and starts. */
import { useEffect, useState } from 'preact/hooks';
import type { GameChoice } from '../server/wire.js';
import { getJson, postJson } from './api.js';

export function PlayPage() {
  const [choices, setChoices] = useState<{ games: GameChoice[]; canPlay: boolean } | null>(null);
  const [game, setGame] = useState('');
  const [opponent, setOpponent] = useState('');
  const [seat, setSeat] = useState(0);
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ games: GameChoice[]; canPlay: boolean }>('/api/choices').then(
      (c) => {
        setChoices(c);
        const first = c.games.find((g) => g.clicks) ?? c.games[0];
        if (first) {
          setGame(first.id);
          setOpponent(first.bots.at(-1)?.name ?? '');
        }
      },
      (e: Error) => setError(e.message),
    );
  }, []);
  if (!choices) return <p class="muted">{error ?? 'Loading…'}</p>;
  const chosen = choices.games.find((g) => g.id === game);
  const players = chosen ? Math.max(2, chosen.seats.min) : 2;
  const start = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const humanMs = Number(limit);
      const { key } = await postJson<{ key: string }>('/api/play', {
        game,
        opponent,
        seat,
        ...(limit !== '' && humanMs > 0 && { humanMs }),
      });
      location.href = `/games/${key}`;
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div class="play">
      <p class="crumbs">
        <a href="/">Runs</a> › play
      </p>
      <h1>Play a game against a bot</h1>
      {!choices.canPlay && <p class="failure">This server does not play games.</p>}
      <form onSubmit={start} class="play-form">
        <label>
          Game{' '}
          <select
            name="game"
            value={game}
            onChange={(e) => {
              const id = e.currentTarget.value;
              setGame(id);
              setOpponent(choices.games.find((g) => g.id === id)?.bots.at(-1)?.name ?? '');
              setSeat(0);
            }}
          >
            {choices.games.map((g) => (
              <option value={g.id}>{g.title}</option>
            ))}
          </select>
        </label>
        <label>
          Opponent{' '}
          <select name="opponent" value={opponent} onChange={(e) => setOpponent(e.currentTarget.value)}>
            {chosen?.bots.map((b) => (
              <option value={b.name} title={b.description}>
                builtin:{b.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Your seat</legend>
          {Array.from({ length: players }, (_, s) => (
            <label>
              <input type="radio" name="seat" value={s} checked={seat === s} onChange={() => setSeat(s)} /> seat {s}
              {s === 0 ? ' (moves first)' : ''}
            </label>
          ))}
        </fieldset>
        <label>
          Your time per move, ms{' '}
          <input
            name="human-ms"
            type="number"
            min={1}
            placeholder="no limit"
            value={limit}
            onInput={(e) => setLimit(e.currentTarget.value)}
          />
        </label>
        <p class="muted">
          builtin:{opponent}: {chosen?.bots.find((b) => b.name === opponent)?.description}
        </p>
        {chosen && !chosen.clicks && <p class="muted">This game has no clickable board yet: you type your moves.</p>}
        <button type="submit" class="primary" disabled={!choices.canPlay}>
          Start
        </button>
        {error && <p class="failure">{error}</p>}
      </form>
    </div>
  );
}
