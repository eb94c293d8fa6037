/**
 * A game's board: its view's SVG (src/games/<game>/view.ts) for a snapshot, with the elements a
 * person may click marked; a game without a view shows its snapshot as text.
 */
import { views } from 'tabula:views';
import type { BoardOptions } from '../core/game.js';

interface BoardProps {
  readonly game: string;
  readonly snapshot: unknown;
  readonly options: BoardOptions;
  /** Called with an element's `data-target` id when a person clicks it. */
  readonly onTarget?: (id: string) => void;
}

export function Board({ game, snapshot, options, onTarget }: BoardProps) {
  const view = views[game];
  if (!view)
    return (
      <pre class="board-text" data-testid="board">
        {JSON.stringify(snapshot, null, 1)}
      </pre>
    );
  const click = (event: MouseEvent) => {
    const target = (event.target as Element).closest('[data-target]');
    const id = target?.getAttribute('data-target');
    if (id && onTarget && options.targets?.includes(id)) onTarget(id);
  };
  // The view is our own code drawing our own snapshot: its SVG text goes in as it is. Clicks land on
  // its shapes; the keyboard's way to move is the "Your move" field.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks on the SVG's shapes, found by data-target
    // biome-ignore lint/a11y/useKeyWithClickEvents: a person types the move into "Your move" instead
    <div
      class="board"
      data-testid="board"
      onClick={click}
      dangerouslySetInnerHTML={{ __html: view(snapshot, options) }}
    />
  );
}
