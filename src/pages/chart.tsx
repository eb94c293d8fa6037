/** Line and bar charts with uPlot: values per turn, the SPRT's LLR over games. */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface ChartSeries {
  readonly label: string;
  readonly colour: string;
  /** Aligned with the chart's x values; null where the series has no value. */
  readonly values: readonly (number | null)[];
  readonly dash?: readonly number[];
}

interface ChartProps {
  readonly title: string;
  readonly x: readonly number[];
  readonly xLabel: string;
  readonly series: readonly ChartSeries[];
  readonly height?: number;
  /** A vertical marker at this x (the turn shown). */
  readonly marker?: number;
  readonly onPick?: (x: number) => void;
  /** A logarithmic y scale, for times that range from microseconds to the first turn's second. */
  readonly logY?: boolean;
}

export function Chart({ title, x, xLabel, series, height = 180, marker, onPick, logY }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const markerRef = useRef(marker);
  markerRef.current = marker;
  const shape = `${title}|${series.map((s) => s.label).join('|')}`;

  useEffect(() => {
    const element = holder.current!;
    const options: uPlot.Options = {
      title,
      width: Math.max(200, element.clientWidth),
      height,
      scales: { x: { time: false }, ...(logY && { y: { distr: 3 } }) },
      // Turns and games are counted: whole-number ticks only.
      axes: [{ label: xLabel, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] }, { size: 64 }],
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: xLabel },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          width: 1.5,
          spanGaps: true,
          ...(s.dash && { dash: [...s.dash] }),
          points: { show: false },
        })),
      ],
      hooks: {
        draw: [
          (u: uPlot) => {
            const at = markerRef.current;
            if (at === undefined) return;
            const left = u.valToPos(at, 'x', true);
            const ctx = u.ctx;
            ctx.save();
            ctx.strokeStyle = '#f59e0b';
            ctx.lineWidth = 2;
            ctx.beginPath();
            ctx.moveTo(left, u.bbox.top);
            ctx.lineTo(left, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          },
        ],
      },
    };
    const chart = new uPlot(options, data(x, series), element);
    plot.current = chart;
    if (onPick) {
      chart.over.addEventListener('click', () => {
        const i = chart.cursor.idx;
        if (i !== null && i !== undefined && x[i] !== undefined) onPick(x[i]!);
      });
    }
    const resize = () => chart.setSize({ width: Math.max(200, element.clientWidth), height });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => {
    plot.current?.setData(data(x, series));
  }, [x, series]);

  useEffect(() => {
    plot.current?.redraw(false);
  }, [marker]);

  return <div class="chart" ref={holder} />;
}

const data = (x: readonly number[], series: readonly ChartSeries[]): uPlot.AlignedData => [
  [...x],
  ...series.map((s) => [...s.values] as (number | null)[]),
];
