/**
 * The web arena in the browser: one bundle for every page, chosen by the address; a contest server's
 * pages where the body says so. A page written by `tabula replay --html` carries its game inside and
 * needs no server.
 */
import 'uplot/dist/uPlot.min.css';
import './style.css';
import { render } from 'preact';
import type { GameData } from '../server/wire.js';
import { onContestSite } from './api.js';
import { ContestSite } from './contest/site.js';
import { GamePage } from './game-page.js';
import { PlayPage } from './play-page.js';
import { RulesPage } from './rules-page.js';
import { RunPage } from './run-page.js';
import { RunsPage } from './runs-page.js';

function Page() {
  const inside = document.getElementById('tabula-game');
  if (inside) {
    const data = JSON.parse(inside.textContent ?? '') as GameData;
    return <GamePage gameKey={data.key} offline={data} />;
  }
  if (onContestSite()) return <ContestSite />;
  const path = location.pathname;
  const game = /^\/games\/([\w-]+)$/.exec(path);
  if (game) return <GamePage gameKey={game[1]!} offline={null} />;
  const rules = /^\/rules\/([\w-]+)$/.exec(path);
  if (rules) return <RulesPage game={rules[1]!} />;
  const run = /^\/runs\/(\d+)$/.exec(path);
  if (run) return <RunPage id={Number(run[1])} />;
  if (path === '/play') return <PlayPage />;
  if (path === '/') return <RunsPage />;
  return (
    <p>
      No such page. <a href="/">Runs</a>
    </p>
  );
}

render(<Page />, document.getElementById('app')!);
