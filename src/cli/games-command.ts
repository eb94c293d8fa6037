/** `tabula games`: what can be played, by how many, under which limits, against which built-in bots, judged how. */
import { type GameDefinition, leaguesOf, type Setting } from '../core/game.js';
import { loadGames } from '../games/registry.js';
import { opponentOf } from '../runs/judge.js';
import { startersOf } from '../starters/kit.js';
import { alignColumns } from './text-table.js';

/** The game's boss: its highest league's, as a bot spec. */
const bossOf = (g: GameDefinition): string | undefined => {
  const top = leaguesOf(g.bosses).at(-1);
  return top && `builtin:${top.boss}`;
};

/** Who `tabula judge` plays by default: the statement's judge, or the highest league's boss. */
const judgedBy = (g: GameDefinition): string => {
  const opponent = opponentOf(g, {});
  return opponent.kind === 'statement' ? `judge ${opponent.bot.argument}` : opponent.bot.argument;
};

export async function gamesCommand(options: { json?: boolean }): Promise<void> {
  const games = await loadGames();
  if (options.json) {
    const json = games.map((g) => ({
      id: g.id,
      title: g.title,
      players: { min: g.seats.min, max: g.seats.max },
      timeLimits: {
        firstTurnMs: g.timeLimits.firstTurn,
        turnMs: g.timeLimits.turn,
        ...(g.timeLimits.game !== undefined && { gameMs: g.timeLimits.game }),
      },
      bots: Object.keys(g.bots),
      options: (g.options ?? []).map(settingJson),
      builtins: Object.entries(g.bots).map(([name, bot]) => ({
        name,
        description: bot.description,
        params: (bot.params ?? []).map(settingJson),
      })),
      ...(bossOf(g) !== undefined && { boss: bossOf(g) }),
      bosses: leaguesOf(g.bosses).map(({ league, boss }) => ({ league, bot: `builtin:${boss}` })),
      ...(g.judge && { judge: { opponent: `builtin:${g.judge.opponent}`, rule: g.judge.rule } }),
      starters: startersOf(g.id).map((l) => l.id),
    }));
    process.stdout.write(`${JSON.stringify(json)}\n`);
    return;
  }
  const lines = alignColumns([
    ['game', 'title', 'players', 'first turn', 'turn', 'per game', 'built-in bots', 'judged by'],
    ...games.map((g) => [
      g.id,
      g.title,
      g.seats.min === g.seats.max ? `${g.seats.min}` : `${g.seats.min}-${g.seats.max}`,
      `${g.timeLimits.firstTurn} ms`,
      `${g.timeLimits.turn} ms`,
      g.timeLimits.game === undefined ? '-' : `${g.timeLimits.game} ms`,
      Object.keys(g.bots)
        .map((b) => `builtin:${b}`)
        .join(' '),
      judgedBy(g),
    ]),
  ]);
  for (const g of games) {
    for (const o of g.options ?? [])
      lines.push(`  ${g.id} --option ${o.name}=<value>: ${o.description} (default ${o.default})`);
    for (const [name, bot] of Object.entries(g.bots)) {
      for (const p of bot.params ?? [])
        lines.push(`  ${g.id} builtin:${name}(${p.name}=<value>): ${p.description} (default ${p.default})`);
    }
    if (g.judge) lines.push(`  ${g.id} judge: ${g.judge.rule} (builtin:${g.judge.opponent})`);
    for (const { league, boss } of leaguesOf(g.bosses)) lines.push(`  ${g.id} --league ${league}: builtin:${boss}`);
    const starters = startersOf(g.id).map((l) => l.id);
    if (starters.length > 0) lines.push(`  ${g.id} starters: tabula new ${g.id} --lang ${starters.join('|')}`);
  }
  lines.push(
    'In matches and tournaments a built-in bot plays game after game in a warm process, each game started afresh from',
    "its seed: what it keeps between games is V8's compiled code, no search table (--fresh-bots: a process per game).",
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

const settingJson = (s: Setting) => ({ name: s.name, default: s.default, description: s.description });
