/** `/runs/<id>`: everything `tabula results` reports of a run, as tables and pictures, kept up to date. */
import { useState } from 'preact/hooks';
import type { Interval } from '../runs/stats/elo.js';
import type { RunData, RunGame, TimeHistogram } from '../server/wire.js';
import { Chart } from './chart.js';
import { elo, ms, percent, when } from './format.js';
import { useLiveJson } from './live-refresh.js';
import { LiveList, Progress } from './runs-page.js';

export function RunPage({ id }: { id: number }) {
  const { data, error } = useLiveJson<RunData>(`/api/runs/${id}`);
  const [cell, setCell] = useState<[number, number] | null>(null);
  if (error) return <p class="failure">{error}</p>;
  if (!data) return <p class="muted">Loading…</p>;
  const { summary, report } = data;
  const multiSeat = report.config.kind === 'tournament' && report.config.players > 2;
  return (
    <div class="run">
      <p class="crumbs">
        <a href="/">Runs</a> › run {id}
      </p>
      <h1>
        Run {id}: {summary.title} <span class="muted">{summary.what}</span>
      </h1>
      <p class="muted">
        seed {report.seed}, started {when(report.createdAt)}
      </p>
      <Progress done={summary.gamesPlayed} total={summary.gamesPlanned} />
      {data.live.length > 0 && (
        <>
          <h2>Being played now</h2>
          <LiveList live={data.live} />
        </>
      )}

      {report.pairs.length > 0 && (
        <>
          <h2>{report.config.kind === 'match' ? 'The match' : 'Pairs'}</h2>
          <table class="pairs">
            <thead>
              <tr>
                <th>bots</th>
                <th>W / D / L</th>
                <th>score</th>
                <th>Elo (95%)</th>
                <th>LOS</th>
                <th title="complete game pairs scoring 0, ½, 1, 1½, 2 points for the first bot">pentanomial</th>
              </tr>
            </thead>
            <tbody>
              {report.pairs.map((p) => (
                <tr>
                  <td>
                    {p.names[0]} <span class="muted">vs</span> {p.names[1]}
                  </td>
                  <td>
                    <WdlBar w={p.wins} d={p.draws} l={p.losses} />
                  </td>
                  <td>{percent(p.score)}</td>
                  <td>
                    {elo(p.elo.value, p.score - 0.5)}{' '}
                    <span class="muted">
                      [{elo(p.elo.low, p.score - 0.5)}, {elo(p.elo.high, p.score - 0.5)}]
                    </span>
                  </td>
                  <td>{percent(p.los)}</td>
                  <td>
                    <Pentanomial counts={p.pentanomial} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {report.pairs[0]?.sprt && data.llr && (
        <>
          <h2>SPRT</h2>
          <p>
            [{report.pairs[0].sprt.elo0}, {report.pairs[0].sprt.elo1}] α {report.pairs[0].sprt.alpha} β{' '}
            {report.pairs[0].sprt.beta}: LLR {report.pairs[0].sprt.llr.toFixed(2)} in [
            {report.pairs[0].sprt.lower.toFixed(2)}, {report.pairs[0].sprt.upper.toFixed(2)}]:{' '}
            <b>{report.pairs[0].sprt.verdict ?? 'undecided'}</b>
          </p>
          <Chart
            title="LLR over games"
            x={data.llr.map((_, i) => i + 1)}
            xLabel="games"
            series={[
              { label: 'LLR', colour: '#2563eb', values: data.llr },
              {
                label: 'H1 bound',
                colour: '#16a34a',
                dash: [4, 4],
                values: data.llr.map(() => report.pairs[0]!.sprt!.upper),
              },
              {
                label: 'H0 bound',
                colour: '#dc2626',
                dash: [4, 4],
                values: data.llr.map(() => report.pairs[0]!.sprt!.lower),
              },
            ]}
          />
        </>
      )}

      {report.standings && (
        <>
          <h2>Standings</h2>
          <table class="standings">
            <thead>
              <tr>
                <th>#</th>
                <th>bot</th>
                <th>{multiSeat ? 'rating (OpenSkill μ)' : 'Elo'}</th>
                <th>95% interval</th>
                <th>games</th>
                <th>{multiSeat ? 'mean place' : 'points'}</th>
              </tr>
            </thead>
            <tbody>
              {report.standings.map((s, i) => (
                <tr>
                  <td>{i + 1}</td>
                  <td>{s.name}</td>
                  <td>{s.rating.value.toFixed(1)}</td>
                  <td>
                    <IntervalBar interval={s.rating} range={range(report.standings!.map((x) => x.rating))} />
                  </td>
                  <td>{s.games}</td>
                  <td>{s.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {report.crossTable && (
        <>
          <h2>Cross table</h2>
          <p class="muted">
            {multiSeat ? 'ahead-level-behind' : 'wins-draws-losses'} of the row's bot against the column's; a cell opens
            its games.
          </p>
          <table class="cross">
            <thead>
              <tr>
                <th />
                {report.crossTable.bots.map((_, j) => (
                  <th>{j + 1}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.crossTable.bots.map((_, i) => (
                <tr>
                  <th>
                    {i + 1}. {report.crossTable!.names[i]}
                  </th>
                  {report.crossTable!.cells[i]!.map((c, j) => (
                    <td>
                      {c === null ? (
                        '·'
                      ) : (
                        <button
                          type="button"
                          class={cell?.[0] === i && cell[1] === j ? 'cell open' : 'cell'}
                          onClick={() => setCell([i, j])}
                        >
                          {c}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {cell && (
            <GameList
              title={`${report.crossTable.names[cell[0]]} and ${report.crossTable.names[cell[1]]}`}
              games={data.games.filter((g) => g.seats.includes(cell[0]) && g.seats.includes(cell[1]))}
              bots={report.config.bots}
            />
          )}
        </>
      )}

      <h2>Bots</h2>
      <div class="bot-cards">
        {report.bots.map((b, i) => {
          const details = data.bots[i]!;
          return (
            <section class="bot-card">
              <h3>{b.name}</h3>
              <p>
                {b.games} games: <Endings endings={b.endings} />
              </p>
              <p class="muted">
                turns: median {ms(b.turns.medianMs)}, p99 {ms(b.turns.p99Ms)}, max {ms(b.turns.maxMs)} of{' '}
                {ms(b.turns.limitMs)}; first turn max {ms(b.firstTurn.maxMs)} of {ms(b.firstTurn.limitMs)}
              </p>
              <Histogram title="Response times (after the first turn)" h={details.turns} />
              <Histogram title="First turns" h={details.firstTurn} />
              {details.failures.length > 0 && (
                <>
                  <h4>Failures</h4>
                  <ul class="failures">
                    {details.failures.map((f) => (
                      <li>
                        <a href={`/games/${f.gameId}${f.turn !== null ? `#turn=${f.turn}` : ''}`}>
                          game {f.gameId}
                          {f.turn !== null && `, turn ${f.turn}`}
                        </a>{' '}
                        {f.status}: {f.message}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          );
        })}
      </div>

      <GameList title="Games" games={[...data.games].reverse()} bots={report.config.bots} />
    </div>
  );
}

function GameList({ title, games, bots }: { title: string; games: readonly RunGame[]; bots: readonly string[] }) {
  return (
    <section class="games">
      <h3>
        {title} <span class="muted">({games.length})</span>
      </h3>
      <ul>
        {games.map((g) => (
          <li>
            <a href={`/games/${g.id}`}>game {g.id}</a> {g.seats.map((b) => bots[b]).join(' vs ')}:{' '}
            {g.winner === null ? 'draw' : `seat ${g.winner} (${bots[g.seats[g.winner]!]}) won`}{' '}
            <span class="muted">
              after {g.turns} turns, {g.reason}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WdlBar({ w, d, l }: { w: number; d: number; l: number }) {
  const n = Math.max(1, w + d + l);
  return (
    <div class="wdl" title={`${w} wins, ${d} draws, ${l} losses`}>
      <div class="bar">
        <div class="w" style={{ width: `${(w / n) * 100}%` }} />
        <div class="d" style={{ width: `${(d / n) * 100}%` }} />
        <div class="l" style={{ width: `${(l / n) * 100}%` }} />
      </div>
      <span>
        {w} / {d} / {l}
      </span>
    </div>
  );
}

function Pentanomial({ counts }: { counts: readonly number[] }) {
  const max = Math.max(1, ...counts);
  return (
    <span class="penta" title="pairs scoring 0, ½, 1, 1½, 2 for the first bot">
      {counts.map((c, i) => (
        <span class="penta-bin">
          <span class="penta-bar" style={{ height: `${(c / max) * 24}px` }} />
          <span class="penta-label">{['0', '½', '1', '1½', '2'][i]}</span>
          <span class="penta-count">{c}</span>
        </span>
      ))}
    </span>
  );
}

const range = (intervals: readonly Interval[]): [number, number] => {
  const finite = intervals.flatMap((i) => [i.low, i.high]).filter((x) => x !== null && Number.isFinite(x));
  return finite.length === 0 ? [-1, 1] : [Math.min(...finite), Math.max(...finite)];
};

function IntervalBar({ interval, range: [lo, hi] }: { interval: Interval; range: [number, number] }) {
  const width = 200;
  const x = (v: number) => ((v - lo) / (hi - lo || 1)) * (width - 10) + 5;
  return (
    <span class="interval">
      <svg width={width} height={14} role="img" aria-label={`${interval.low} to ${interval.high}`}>
        <line x1={x(interval.low)} x2={x(interval.high)} y1={7} y2={7} stroke="#2563eb" stroke-width={2} />
        <line x1={x(interval.low)} x2={x(interval.low)} y1={3} y2={11} stroke="#2563eb" />
        <line x1={x(interval.high)} x2={x(interval.high)} y1={3} y2={11} stroke="#2563eb" />
        <circle cx={x(interval.value)} cy={7} r={3.5} fill="#1e3a8a" />
      </svg>{' '}
      <span class="muted">
        [{interval.low.toFixed(1)}, {interval.high.toFixed(1)}]
      </span>
    </span>
  );
}

function Endings({ endings }: { endings: Record<string, number> }) {
  return (
    <span class="endings">
      {Object.entries(endings).map(([k, v]) => (
        <span class={`ending ${k}${v > 0 ? '' : ' none'}`}>
          {k} {v}
        </span>
      ))}
    </span>
  );
}

function Histogram({ title, h }: { title: string; h: TimeHistogram }) {
  const total = h.counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const width = 320;
  const height = 80;
  const bars = h.counts.length;
  const max = Math.max(...h.counts);
  const bw = width / bars;
  return (
    <figure class="histogram">
      <figcaption>
        {title}{' '}
        <span class="muted">
          ({total} turns, limit {ms(h.limitMs)}; the last bar is at or over it)
        </span>
      </figcaption>
      <svg width={width} height={height + 16} role="img" aria-label={title}>
        {h.counts.map((c, i) => {
          const bh = c === 0 ? 0 : Math.max(1, (c / max) * height);
          return (
            <rect x={i * bw + 1} y={height - bh} width={bw - 2} height={bh} class={i === bars - 1 ? 'over' : 'bin'}>
              <title>
                {i === bars - 1 ? `≥ ${ms(h.limitMs)}` : `< ${ms(h.edges[i]!)}`}: {c}
              </title>
            </rect>
          );
        })}
        <text x={0} y={height + 12}>
          0
        </text>
        <text x={width - bw} y={height + 12} text-anchor="end">
          {ms(h.limitMs)}
        </text>
      </svg>
    </figure>
  );
}
