/** Numbers and names as the pages write them. */

export const ms = (x: number): string => (x >= 100 ? `${Math.round(x)} ms` : `${Number(x.toPrecision(3))} ms`);

/** An Elo difference; ±infinity is null in JSON, so `sign` says which (the side that scored everything). */
export const elo = (x: number | null, sign = 1): string => {
  if (x === null) return sign >= 0 ? '+∞' : '−∞';
  return Number.isFinite(x) ? x.toFixed(1) : x > 0 ? '+∞' : '−∞';
};

export const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

export const when = (iso: string): string => new Date(iso).toLocaleString();

/** A stable colour per seat, for boards' panes and charts. */
export const SEAT_COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea'];
export const seatColour = (seat: number): string => SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
