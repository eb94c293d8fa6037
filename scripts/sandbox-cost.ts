/**
 * What the sandbox costs the arena, in its own CPU time (less at the mercy of a busy machine than
 * wall time): per turn of an echo bot, and per bot started, asked once and ended; with the sandbox
 * and without, alternately, `ROUNDS` times. `node dist/scripts/sandbox-cost.js`
 */
import { echoCommand } from '../src/arena/calibration.js';
import { ProcessBot } from '../src/arena/process-bot.js';
import { millis } from '../src/core/units.js';

const TURNS = 5000;
const BOTS = 50;
const ROUNDS = 3;
const options = (sandboxed: boolean) => (sandboxed ? {} : { limits: null });

/** The arena's CPU time per call of `body`, in µs. */
async function cpuPer(count: number, body: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await body();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const sandboxed of [false, true]) {
    const bot = new ProcessBot(echoCommand(), options(sandboxed));
    await bot.turn(['warm-up'], millis(10_000));
    const turn = await cpuPer(TURNS, () => bot.turn(['ping'], millis(10_000)));
    await bot.close();
    const life = await cpuPer(BOTS, async () => {
      const b = new ProcessBot('read -r a; echo ok; read -r a', options(sandboxed));
      await b.turn(['go'], millis(10_000));
      await b.close();
    });
    const what = sandboxed ? 'in a sandbox' : 'no sandbox  ';
    console.log(
      `round ${round}, ${what}: ${turn.toFixed(1)} µs of arena CPU per turn, ${(life / 1000).toFixed(2)} ms per bot`,
    );
  }
}
