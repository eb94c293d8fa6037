/** Reproduce a turn: everything a seat was sent up to it (copy, download), and the command lines that give the same. */
import { useState } from 'preact/hooks';
import { inputSentTo } from '../arena/replay-input.js';
import type { GameData } from '../server/wire.js';
import { onContestSite } from './api.js';

export function Reproduce({ data, turn }: { data: GameData; turn: number }) {
  const [seat, setSeat] = useState(data.record.turns[turn - 1]?.seat ?? 0);
  const [copied, setCopied] = useState('');
  const lines = inputSentTo(data.record.turns, seat, turn);
  const text = lines.map((l) => `${l}\n`).join('');
  const name = `${data.record.game}-${data.storedId ?? data.key}-seat${seat}-upto${turn}.txt`;
  const copy = async (value: string, what: string) => {
    await navigator.clipboard.writeText(value);
    setCopied(what);
    setTimeout(() => setCopied(''), 1500);
  };
  const download = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  // A contest's games are in its server's database, not in the reader's: no `tabula replay` for them.
  const stored = data.storedId !== undefined && !onContestSite() ? data.storedId : null;
  const replayLine = stored !== null ? `tabula replay ${stored} --seat ${seat} --upto ${turn}` : null;
  return (
    <section class="reproduce">
      <h2>Reproduce</h2>
      <p>
        Everything{' '}
        <select aria-label="seat to reproduce" value={seat} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
          {data.record.players.map((p) => (
            <option value={p.seat}>
              seat {p.seat} ({p.bot})
            </option>
          ))}
        </select>{' '}
        was sent up to turn {turn}: {lines.length} lines.{' '}
        <button type="button" onClick={() => copy(text, 'lines')}>
          Copy
        </button>{' '}
        <button type="button" onClick={download}>
          Download
        </button>{' '}
        {copied && <span class="muted">copied {copied}</span>}
      </p>
      {replayLine && (
        <p>
          The same lines: <code>{replayLine}</code>{' '}
          <button type="button" onClick={() => copy(replayLine, 'command')}>
            Copy
          </button>
        </p>
      )}
      {/* A contest's server gives no line where a bot of the game is another author's (reproduce.ts). */}
      {data.playCommand === '' ? (
        <p>
          Play the game again: not from here, a bot of this game being another author’s, whose code is not yours to run.
          Your own bot can be run on what its seat was sent, above.
        </p>
      ) : (
        <p>
          Play the game again: <code>{data.playCommand}</code>{' '}
          <button type="button" onClick={() => copy(data.playCommand, 'command')}>
            Copy
          </button>
        </p>
      )}
      {stored !== null && (
        <p>
          This game as one offline page:{' '}
          <code>
            tabula replay {stored} --html game-{stored}.html
          </code>
        </p>
      )}
    </section>
  );
}
