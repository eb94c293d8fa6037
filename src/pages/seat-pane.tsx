/** One seat's turn as the arena saw it: the exact input, the answer, stderr, comment, failure, and time against the limit. */
import type { ReplayTurn } from '../arena/replay.js';
import { ms, seatColour } from './format.js';

export function TimeBar({ timeMs, limitMs }: { timeMs: number; limitMs: number | null }) {
  if (limitMs === null)
    return (
      <div class="time">
        <span>{ms(timeMs)}, no limit</span>
      </div>
    );
  const share = Math.min(1, timeMs / limitMs);
  const level = share >= 1 ? 'over' : share > 0.8 ? 'near' : 'ok';
  return (
    <div class="time" title={`${timeMs} ms of ${limitMs} ms`}>
      <div class="bar" data-testid="time-bar">
        <div class={`fill ${level}`} style={{ width: `${Math.max(share * 100, 0.5)}%` }} />
      </div>
      <span>
        {ms(timeMs)} of {ms(limitMs)} ({((timeMs / limitMs) * 100).toFixed(timeMs / limitMs < 0.1 ? 2 : 0)}%)
      </span>
    </div>
  );
}

/**
 * What the bot did with the turn's time, where the arena measured it: its CPU time, the time it was
 * ready to run but waited for a CPU, and after a timeout when its answer came after all.
 */
function TurnUse({ turn }: { turn: ReplayTurn }) {
  if (turn.cpuMs === undefined && turn.answeredMs === undefined) return null;
  const parts = [
    ...(turn.cpuMs === undefined ? [] : [`CPU ${ms(turn.cpuMs)}`]),
    ...(turn.waitMs === undefined ? [] : [`waited for a CPU ${ms(turn.waitMs)}`]),
    ...(turn.answeredMs === undefined ? [] : [`answered after all at ${ms(turn.answeredMs)}`]),
    // The arena's own lateness shows in the time it stopped the bot at; named where it was more than a timer's.
    ...(turn.arenaLateMs === undefined || turn.arenaLateMs < 5
      ? []
      : [`the arena, busy, ${ms(turn.arenaLateMs)} late to look`]),
  ];
  return (
    <p class="muted turn-use" data-testid="turn-use">
      {parts.join(' · ')}
    </p>
  );
}

export function SeatPane({ turn, bot, title }: { turn: ReplayTurn; bot: string; title?: string }) {
  return (
    <section class="pane" style={{ borderColor: seatColour(turn.seat) }} data-seat={turn.seat}>
      <h3>
        <span class="dot" style={{ background: seatColour(turn.seat) }} />
        {title ?? `Seat ${turn.seat}`} <span class="bot">{bot}</span> <span class="muted">turn {turn.turn}</span>
      </h3>
      <TimeBar timeMs={turn.timeMs} limitMs={turn.limitMs} />
      <TurnUse turn={turn} />
      <h4>
        Input <span class="muted">({turn.input.length} lines)</span>
      </h4>
      <pre class="lines input">{turn.input.join('\n')}</pre>
      <h4>Output</h4>
      <pre class="lines output">{turn.output.length > 0 ? turn.output.join('\n') : '(no answer)'}</pre>
      {turn.comment !== undefined && (
        <>
          <h4>Comment</h4>
          <pre class="lines">{turn.comment}</pre>
        </>
      )}
      {turn.failure && (
        <p class="failure" role="alert">
          {turn.failure.status}: {turn.failure.message}
        </p>
      )}
      {turn.stderr !== '' && (
        <>
          <h4>stderr</h4>
          <pre class="lines stderr">{turn.stderr}</pre>
        </>
      )}
    </section>
  );
}
