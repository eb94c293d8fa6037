/** Per-turn charts of a game: each seat's response time against its limit, and the values bots print on stderr. */
import type { ReplayTurn } from '../arena/replay.js';
import { Chart, type ChartSeries } from './chart.js';
import { seatColour } from './format.js';
import { stderrData } from './stderr-data.js';

export function TurnCharts({
  turns,
  seats,
  shown,
  onPick,
}: {
  turns: readonly ReplayTurn[];
  seats: number;
  shown: number;
  onPick: (turn: number) => void;
}) {
  if (turns.length === 0) return null;
  const x = turns.map((t) => t.turn);
  const times: ChartSeries[] = Array.from({ length: seats }, (_, s) => ({
    label: `seat ${s} ms`,
    colour: seatColour(s),
    // The scale is logarithmic: a turn of no measured time (a crash) is left out.
    values: turns.map((t) => (t.seat === s && t.timeMs > 0 ? t.timeMs : null)),
  }));
  const limit: ChartSeries = {
    label: 'limit ms',
    colour: '#9ca3af',
    dash: [4, 4],
    values: turns.map((t) => (t.limitMs === null || !Number.isFinite(t.limitMs) ? null : t.limitMs)),
  };
  const data = stderrData(turns);
  const names = [...new Set(data.map((d) => d.name))];
  return (
    <section class="charts">
      <Chart
        title="Response time per turn (ms, log scale)"
        logY
        x={x}
        xLabel="turn"
        series={[...times, limit]}
        marker={shown}
        onPick={onPick}
      />
      {names.map((name) => (
        <Chart
          key={name}
          title={`${name} (stderr)`}
          x={x}
          xLabel="turn"
          marker={shown}
          onPick={onPick}
          series={data
            .filter((d) => d.name === name)
            .map((d) => ({
              label: `seat ${d.seat}`,
              colour: seatColour(d.seat),
              values: x.map((t) => d.values.get(t) ?? null),
            }))}
        />
      ))}
    </section>
  );
}
