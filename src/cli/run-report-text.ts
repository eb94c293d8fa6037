/** Run reports as people read them, or as one JSON summary object. */
import type { BotReport } from '../league/bot-report.js';
import type { PairReport } from '../league/pair-tally.js';
import type { RunReport } from '../league/run-report.js';
import type { Standing } from '../league/standings.js';
import { alignColumns } from './text-table.js';

export function printReport(report: RunReport, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify({ event: 'summary', ...report })}\n` : formatReport(report));
}

export function formatReport(r: RunReport): string {
  const c = r.config;
  const what =
    c.kind === 'match'
      ? `match, ${c.games} games`
      : `${c.format} tournament, ${c.rounds} round${c.rounds === 1 ? '' : 's'}, tables of ${c.players}`;
  const lines = [`run ${r.run}: ${c.game} ${what}, seed ${r.seed}, ${r.gamesPlayed} games played`];
  if (r.standings) lines.push('', ...standingsTable(r.standings, c.kind === 'tournament' && c.players > 2));
  if (r.crossTable) {
    const names = r.crossTable.bots.map((_, i) => `${i + 1}`);
    lines.push(
      '',
      ...alignColumns([
        ['', '', ...names],
        ...r.crossTable.bots.map((bot, i) => [`${i + 1}`, bot, ...r.crossTable!.cells[i]!.map((x) => x ?? '.')]),
      ]),
    );
  }
  for (const p of r.pairs) lines.push('', ...pairLines(p));
  lines.push('', ...botTable(r.bots));
  for (const b of r.bots) {
    for (const f of b.failures.slice(0, 5))
      lines.push(`  ${b.bot}: game ${f.gameId} ${f.status}: ${f.message}  (tabula replay ${f.gameId})`);
    if (b.failures.length > 5)
      lines.push(`  ${b.bot}: ${b.failures.length - 5} more failures (tabula results --json lists them)`);
  }
  return `${lines.join('\n')}\n`;
}

function pairLines(p: PairReport): string[] {
  const elo = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : x > 0 ? '+inf' : '-inf');
  const lines = [
    `${p.bots[0]} vs ${p.bots[1]}: ${p.wins} wins, ${p.draws} draws, ${p.losses} losses of ${p.games} (score ${(p.score * 100).toFixed(1)}%)`,
    `  Elo ${elo(p.elo.value)} [${elo(p.elo.low)}, ${elo(p.elo.high)}] (95%), LOS ${(p.los * 100).toFixed(1)}%, pairs ${p.pentanomial.join(' ')} (0, ½, 1, 1½, 2 points)`,
  ];
  if (p.sprt) {
    const s = p.sprt;
    const verdict =
      s.verdict === 'H1'
        ? `H1 accepted: ${p.bots[0]} is stronger by at least ${s.elo1} Elo`
        : s.verdict === 'H0'
          ? `H0 accepted: not stronger by ${s.elo0} Elo or more`
          : 'undecided';
    lines.push(
      `  SPRT [${s.elo0}, ${s.elo1}] α ${s.alpha} β ${s.beta}: LLR ${s.llr.toFixed(2)} in [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]: ${verdict}`,
    );
  }
  return lines;
}

function standingsTable(standings: readonly Standing[], multiSeat: boolean): string[] {
  const header = [
    '#',
    'bot',
    multiSeat ? 'rating (OpenSkill μ)' : 'Elo',
    '95% interval',
    'games',
    multiSeat ? 'mean place' : 'points',
  ];
  const rows = standings.map((s, i) => [
    `${i + 1}`,
    s.bot,
    s.rating.value.toFixed(1),
    `[${s.rating.low.toFixed(1)}, ${s.rating.high.toFixed(1)}]`,
    `${s.games}`,
    `${s.points}`,
  ]);
  return alignColumns([header, ...rows]);
}

function botTable(bots: readonly BotReport[]): string[] {
  const header = [
    'bot',
    'games',
    'normal',
    'timeout',
    'crash',
    'invalid',
    'turn median',
    'p99',
    'max',
    'limit',
    'first turn max',
    'cpu median / p99 / max',
    'overruns',
  ];
  const rows = bots.map((b) => [
    b.bot,
    `${b.games}`,
    `${b.endings.normal}`,
    `${b.endings.timeout}`,
    `${b.endings.crash}`,
    `${b.endings.invalid}`,
    `${b.turns.medianMs} ms`,
    `${b.turns.p99Ms} ms`,
    `${b.turns.maxMs} ms`,
    `${b.turns.limitMs} ms`,
    `${b.firstTurn.maxMs} / ${b.firstTurn.limitMs} ms`,
    // None where the arena could not measure it, and in games stored before it did.
    b.cpu.turns.turns ? `${b.cpu.turns.medianMs} / ${b.cpu.turns.p99Ms} / ${b.cpu.turns.maxMs} ms` : '-',
    `${b.overruns}`,
  ]);
  return alignColumns([header, ...rows]);
}
