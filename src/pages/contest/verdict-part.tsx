/** A version's verdict against the one it replaced (contest/verdict.ts), as its author reads it on its page. */
import type { Verdict } from '../../contest/verdict.js';

const RESULT_TEXT: Readonly<Record<Verdict['result'], string>> = {
  better: 'Better',
  worse: 'Worse',
  neither: 'Neither better nor worse',
  'not yet known': 'Not yet known',
};

/** An Elo figure with its sign; an unbounded end as ∞. */
const elo = (x: number | null): string =>
  x === null || !Number.isFinite(x) ? ((x ?? 1) < 0 ? '−∞' : '∞') : `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x)}`;

export function VerdictPart({ verdict, name, many }: { verdict: Verdict | null; name: string; many: boolean }) {
  if (!verdict) return null;
  const { bounds, llr } = verdict;
  return (
    <section class="verdict" data-testid="verdict">
      <h2>Against {verdict.against}</h2>
      <p>
        <strong class={`verdict-${verdict.result.replaceAll(' ', '-')}`} data-testid="verdict-result">
          {RESULT_TEXT[verdict.result]}
        </strong>
        {verdict.games === 0
          ? ': no twin game played yet.'
          : `: ${verdict.games} twin game${verdict.games === 1 ? '' : 's'}, score ${verdict.score.toFixed(3)}, Elo ${elo(verdict.elo)} (95%: ${elo(verdict.interval[0])} to ${elo(verdict.interval[1])})${many ? `; mean place ${verdict.meanPlace.version} against ${verdict.meanPlace.predecessor}` : ''}.`}
        {verdict.stopped && <span class="muted"> No more twin games: {verdict.stopped}.</span>}
      </p>
      <p class="muted">
        Each twin game is one {verdict.against} played, on its seed and seats against the same opponents, {name} in its
        seat. Two sequential tests on the pairs: better (Elo 0 against +{bounds.elo}) at LLR {llr.better}, worse (0
        against −{bounds.elo}) at LLR {llr.worse}; each decides when its LLR leaves [{bounds.lower}, {bounds.upper}].
        Only you and the organiser see this.
      </p>
    </section>
  );
}
