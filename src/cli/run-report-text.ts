/** Run reports as people read them, or as one JSON summary object. */
import { MACHINE_TRIES } from '../core/time-control.js';
import type { BotReport } from '../runs/report/bot-report.js';
import type { ListedGame } from '../runs/report/game-list.js';
import type { MachineTimeouts } from '../runs/report/machine-timeouts.js';
import type { PairReport } from '../runs/report/pair-tally.js';
import type { RunReport } from '../runs/report/run-report.js';
import type { CrossTable, Standing } from '../runs/report/standings.js';
import type { RunConfig } from '../runs/run-config.js';
import type { RunRecord } from '../runs/store/records.js';
import { plural } from './plural.js';
import { alignColumns } from './text-table.js';

export function printReport(report: RunReport, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify({ event: 'summary', ...report })}\n` : formatReport(report));
}

export function formatReport(r: RunReport): string {
  const lines = [header(r)];
  if (r.standings)
    lines.push('', ...standingsTable(r.standings, r.config.kind === 'tournament' && r.config.players > 2));
  if (r.crossTable && r.standings) lines.push('', ...crossTable(r.crossTable, r.standings));
  for (const p of r.pairs) lines.push('', ...pairLines(p));
  lines.push('', ...botTable(r.bots));
  for (const b of r.bots) {
    for (const f of b.failures.slice(0, 5))
      lines.push(`  ${b.name}: game ${f.gameId} ${f.status}: ${f.message}  (tabula replay ${f.gameId})`);
    if (b.failures.length > 5)
      lines.push(`  ${b.name}: ${plural(b.failures.length - 5, 'more failure')} (tabula results --games lists them)`);
  }
  lines.push(...machineLines(r.machineTimeouts));
  return `${lines.join('\n')}\n`;
}

/** The games played again for a timeout the machine caused, and such timeouts counted: nothing when none. */
function machineLines(m: MachineTimeouts): string[] {
  const lines: string[] = [];
  if (m.earlierPlays.length > 0) {
    lines.push(
      '',
      `played again, the machine having caused a timeout: ${plural(m.gamesPlayedAgain, 'game')} ` +
        `(${plural(m.earlierPlays.length, 'earlier play', 'earlier plays')} kept, not counted)`,
    );
    for (const p of m.earlierPlays.slice(0, 5))
      lines.push(`  game ${p.gameId} (index ${p.index}, play ${p.play}): ${p.why}  (tabula replay ${p.gameId})`);
    if (m.earlierPlays.length > 5)
      lines.push(`  ${plural(m.earlierPlays.length - 5, 'more earlier play')} (tabula results --json lists them)`);
  }
  if (m.counted > 0) {
    const them = plural(m.counted, 'timeout');
    lines.push(
      '',
      m.replaying
        ? `${them} the machine caused counted all the same: the last of ${MACHINE_TRIES} plays`
        : `${them} ${m.counted === 1 ? 'looks' : 'look'} like the machine's: --replay-machine-timeouts plays such games again`,
    );
  }
  return lines;
}

/**
 * What the run is and how far it got. A run keeps every game it played: when the latest command
 * asked for fewer games or rounds than were played, the header says both rather than contradict itself.
 */
function header(r: RunReport): string {
  const c = r.config;
  const played = plural(r.gamesPlayed, 'game');
  const kept = ': the games played before are kept';
  if (c.kind === 'match') {
    if (r.gamesPlayed <= c.games)
      return `run ${r.run}: ${c.game} match, ${plural(c.games, 'game')}, seed ${r.seed}, ${played} played`;
    return `run ${r.run}: ${c.game} match, seed ${r.seed}, ${played} played (the latest command asked for ${c.games}${kept})`;
  }
  const tournament = `${c.game} ${c.format} tournament`;
  if (r.roundsPlayed <= c.rounds)
    return `run ${r.run}: ${tournament}, ${plural(c.rounds, 'round')}, tables of ${c.players}, seed ${r.seed}, ${played} played`;
  return (
    `run ${r.run}: ${tournament}, tables of ${c.players}, seed ${r.seed}, ${played} played in ${plural(r.roundsPlayed, 'round')} ` +
    `(the latest command asked for ${plural(c.rounds, 'round')}${kept})`
  );
}

/** `tabula results --games`: one line per game, with what `tabula replay` needs. */
export function formatGameList(run: RunRecord, games: readonly ListedGame[]): string {
  const c = run.config as RunConfig;
  const head = `run ${run.id}: ${c.game} ${c.kind === 'match' ? 'match' : `${c.format} tournament`}, seed ${run.seed}, ${plural(games.length, 'game')} played`;
  if (games.length === 0) return `${head}\n`;
  const rows = games.map((g) => [
    `${g.id}`,
    `${g.seed}`,
    g.names.join(' | '),
    g.winner === null ? 'draw' : `${g.names[g.winner]} (seat ${g.winner})`,
    `${g.turns}`,
    g.failures.map((f) => `seat ${f.seat} ${f.status}`).join(', ') || '-',
    g.reason,
  ]);
  const table = alignColumns([['game', 'seed', 'seats', 'winner', 'turns', 'failures', 'reason'], ...rows]);
  return `${[head, '', ...table].join('\n')}\n`;
}

/** The cross table in the order of the standings, so that row and column k are the bot in place k. */
function crossTable(table: CrossTable, standings: readonly Standing[]): string[] {
  const order = standings.map((s) => table.names.indexOf(s.name));
  return alignColumns([
    ['', '', ...order.map((_, k) => `${k + 1}`)],
    ...order.map((i, k) => [`${k + 1}`, table.names[i]!, ...order.map((j) => table.cells[i]![j] ?? '.')]),
  ]);
}

function pairLines(p: PairReport): string[] {
  const elo = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : x > 0 ? '+inf' : '-inf');
  const lines = [
    `${p.names[0]} vs ${p.names[1]}: ${plural(p.wins, 'win')}, ${plural(p.draws, 'draw')}, ${plural(p.losses, 'loss', 'losses')} of ${p.games} (score ${(p.score * 100).toFixed(1)}%)`,
    `  Elo ${elo(p.elo.value)} [${elo(p.elo.low)}, ${elo(p.elo.high)}] (95%${basisNote(p)}), LOS ${(p.los * 100).toFixed(1)}%, pairs ${p.pentanomial.join(' ')} (0, ½, 1, 1½, 2 points)`,
  ];
  if (p.sprt) {
    const s = p.sprt;
    const verdict =
      s.verdict === 'H1'
        ? `H1 accepted: ${p.names[0]} is stronger by at least ${s.elo1} Elo`
        : s.verdict === 'H0'
          ? `H0 accepted: not stronger by ${s.elo0} Elo or more`
          : 'undecided';
    lines.push(
      `  SPRT [${s.elo0}, ${s.elo1}] α ${s.alpha} β ${s.beta}: LLR ${s.llr.toFixed(2)} in [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]: ${verdict}`,
    );
  }
  return lines;
}

/** Where the Elo interval does not come from the game pairs, what it comes from and why. */
function basisNote(p: PairReport): string {
  const { from, because } = p.eloBasis;
  if (from === 'pairs') return '';
  const what = from === 'games' ? 'from the games' : 'from the games and a prior of one win and one loss';
  return `, ${what}: ${because}`;
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
    s.name,
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
    b.name,
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
