/** Each game's board drawing (src/games/<game>/view.ts), by game id: made by build/pages.ts. */
declare module 'tabula:views' {
  import type { BoardOptions } from '../core/game.js';
  export const views: Readonly<Record<string, (snapshot: unknown, options: BoardOptions) => string>>;
}
