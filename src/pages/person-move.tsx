/**
 * A person's move: the lines their seat was sent, and a field labelled "Your move" for the exact
 * protocol line, which clicks on the board fill in.
 */
import type { Ask } from '../server/wire.js';

interface PersonMoveProps {
  readonly ask: Ask;
  readonly line: string;
  readonly refused: string | null;
  readonly onLine: (line: string) => void;
  readonly onSend: () => void;
  readonly onClear: () => void;
  readonly clicking: boolean;
}

export function PersonMove({ ask, line, refused, onLine, onSend, onClear, clicking }: PersonMoveProps) {
  return (
    <section class="person" aria-label="your turn">
      <h2>Your turn (seat {ask.seat})</h2>
      <h4>
        Your seat was sent <span class="muted">({ask.input.length} lines)</span>
      </h4>
      <pre class="lines input" data-testid="person-input">
        {ask.input.join('\n')}
      </pre>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <label for="your-move">Your move</label>
        <input
          id="your-move"
          name="your-move"
          autocomplete="off"
          list="legal-moves"
          value={line}
          onInput={(e) => onLine(e.currentTarget.value)}
        />
        <datalist id="legal-moves">
          {ask.moves.map((m) => (
            <option value={m.line} />
          ))}
        </datalist>
        <button type="submit">Send</button>{' '}
        {clicking && (
          <button type="button" onClick={onClear}>
            Clear clicks
          </button>
        )}
      </form>
      <p class="muted">
        {ask.moves.length > 0
          ? `${ask.moves.length} legal moves: click on the board, or type the line.`
          : 'Type the line your seat would print.'}{' '}
        {ask.limitMs === null ? 'No time limit.' : `Limit: ${ask.limitMs} ms.`}
      </p>
      {refused && (
        <p class="failure" role="alert">
          Not sent: {refused}
        </p>
      )}
    </section>
  );
}
