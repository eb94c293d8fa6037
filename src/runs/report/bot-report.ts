/** Per bot: how its games ended, each failure with its game, and its response times against its limits. */
import { summarizeTimes, type TimeSummary } from '../../arena/time-summary.js';
import type { PlayerStatus } from '../../core/game-result.js';
import type { StoredGame } from '../store/records.js';
import type { RunBots } from './standings.js';

export interface BotReport {
  /** As given on the command line; `name` as reports show it. */
  readonly bot: string;
  readonly games: number;
  /** How its games ended for it: `normal` or its failure. */
  readonly endings: Readonly<Record<'normal' | Exclude<PlayerStatus, 'ok'>, number>>;
  readonly failures: readonly { readonly gameId: number; readonly status: string; readonly message: string }[];
  readonly firstTurn: TimeSummary & { readonly limitMs: number };
  readonly turns: TimeSummary & { readonly limitMs: number };
  /** CPU time per turn, the first turn apart, over the turns where it was measured. */
  readonly cpu: { readonly firstTurn: TimeSummary; readonly turns: TimeSummary };
  /** Answers taken past their limit, within the time margin. */
  readonly overruns: number;
  readonly name: string;
}

export function botReports({ bots, names }: RunBots, games: readonly StoredGame[]): BotReport[] {
  return bots.map((bot, b) => {
    const endings = { normal: 0, timeout: 0, crash: 0, invalid: 0 };
    const failures: { gameId: number; status: string; message: string }[] = [];
    const first: number[] = [];
    const later: number[] = [];
    const firstCpu: number[] = [];
    const laterCpu: number[] = [];
    let overruns = 0;
    let played = 0;
    let limits = { first: 0, turn: 0 };
    for (const game of games) {
      game.seats.forEach((bot, seat) => {
        if (bot !== b) return;
        played++;
        const p = game.result.players[seat]!;
        if (p.status === 'ok') endings.normal++;
        else {
          endings[p.status]++;
          failures.push({ gameId: game.id, status: p.status, message: p.message });
        }
        const t = game.times[seat]!;
        if (t.firstTurnMs !== null) first.push(t.firstTurnMs);
        later.push(...t.turnMs);
        if (t.firstTurnCpuMs != null) firstCpu.push(t.firstTurnCpuMs);
        laterCpu.push(...(t.turnCpuMs ?? []));
        overruns += t.overruns ?? 0;
        limits = { first: t.firstTurnLimitMs, turn: t.turnLimitMs };
      });
    }
    return {
      bot,
      games: played,
      endings,
      failures,
      firstTurn: { ...summarizeTimes(first), limitMs: limits.first },
      turns: { ...summarizeTimes(later), limitMs: limits.turn },
      cpu: { firstTurn: summarizeTimes(firstCpu), turns: summarizeTimes(laterCpu) },
      overruns,
      name: names[b]!,
    };
  });
}
