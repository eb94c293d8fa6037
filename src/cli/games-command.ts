/** `tabula games`: what can be played, by how many, under which limits. */
import { loadGames } from '../core/registry.js';

export async function gamesCommand(options: { json?: boolean }): Promise<void> {
  const games = await loadGames();
  const rows = games.map((g) => ({
    id: g.id,
    title: g.title,
    players: g.seats.min === g.seats.max ? `${g.seats.min}` : `${g.seats.min}-${g.seats.max}`,
    firstTurnMs: g.timeLimits.firstTurn,
    turnMs: g.timeLimits.turn,
    gameMs: g.timeLimits.game,
    bots: Object.keys(g.bots),
  }));
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
      options: (g.options ?? []).map((o) => ({ name: o.name, default: o.default, description: o.description })),
    }));
    process.stdout.write(JSON.stringify(json) + '\n');
    return;
  }
  const table = [
    ['game', 'title', 'players', 'first turn', 'turn', 'per game', 'built-in bots'],
    ...rows.map((r) => [
      r.id,
      r.title,
      r.players,
      `${r.firstTurnMs} ms`,
      `${r.turnMs} ms`,
      r.gameMs === undefined ? '-' : `${r.gameMs} ms`,
      r.bots.map((b) => `builtin:${b}`).join(' '),
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) process.stdout.write(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd() + '\n');
  for (const g of games) {
    for (const o of g.options ?? []) process.stdout.write(`  ${g.id} --option ${o.name}=<value>: ${o.description} (default ${o.default})\n`);
  }
}
