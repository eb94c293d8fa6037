/**
 * Values bots print on stderr to be charted, the convention of psyleague and cgarena:
 * `[TDATA] name = value` (a value of the turn), `[PDATA] name = value` and `[PDATA+] name = value`
 * (a value of the player). Every numeric one is charted per turn, by seat.
 */
import type { ReplayTurn } from '../arena/replay.js';

const LINE = /^\[(TDATA|PDATA\+?)\]\s+(\S+?)\s*(?:=\s*|\s+)(-?[\d.]+(?:e[-+]?\d+)?)\s*$/i;

export interface DataSeries {
  /** `[TDATA] nodes`. */
  readonly name: string;
  readonly seat: number;
  /** By turn number: the value the seat printed in that turn (the last one, when several). */
  readonly values: ReadonlyMap<number, number>;
}

export function stderrData(turns: readonly ReplayTurn[]): DataSeries[] {
  const series = new Map<string, { name: string; seat: number; values: Map<number, number> }>();
  for (const t of turns) {
    for (const line of t.stderr.split('\n')) {
      const m = LINE.exec(line.trim());
      if (!m) continue;
      const value = Number(m[3]);
      if (!Number.isFinite(value)) continue;
      const name = `[${m[1]!.toUpperCase()}] ${m[2]}`;
      const id = `${name}\u0000${t.seat}`;
      if (!series.has(id)) series.set(id, { name, seat: t.seat, values: new Map() });
      series.get(id)!.values.set(t.turn, value);
    }
  }
  return [...series.values()].sort((a, b) => a.name.localeCompare(b.name) || a.seat - b.seat);
}
