/** `tabula games`: what can be played, by how many, under which limits, against which built-in bots. */
import type { Setting } from '../core/game.js';
import { loadGames } from '../games/registry.js';
import { alignColumns } from './text-table.js';

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
    }));
    process.stdout.write(`${JSON.stringify(json)}\n`);
    return;
  }
  const lines = alignColumns([
    ['game', 'title', 'players', 'first turn', 'turn', 'per game', 'built-in bots'],
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
    ]),
  ]);
  for (const g of games) {
    for (const o of g.options ?? [])
      lines.push(`  ${g.id} --option ${o.name}=<value>: ${o.description} (default ${o.default})`);
    for (const [name, bot] of Object.entries(g.bots)) {
      for (const p of bot.params ?? [])
        lines.push(`  ${g.id} builtin:${name}(${p.name}=<value>): ${p.description} (default ${p.default})`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const settingJson = (s: Setting) => ({ name: s.name, default: s.default, description: s.description });
