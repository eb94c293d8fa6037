/**
 * What the editor page and its code editor (code-editor.ts, a bundle of its own) agree on: how the
 * page makes an editor and what it may ask of it. Types only: the page loads the editor's bundle by
 * its URL, and imports nothing of it.
 */
import type { Diagnostic } from '../../server/contest-wire.js';

export interface EditorOptions {
  readonly text: string;
  /** A contest's language id (`python`, `cpp`, ...): its highlighting. */
  readonly lang: string;
  /** After every change of the text by the author. */
  onChange(text: string): void;
  /** The page's shortcuts, taken before the editor's own. */
  readonly keys: { play(): void; submit(): void };
}

export interface EditorHandle {
  /** Another text, in another language: the history and the diagnostics start again. */
  setText(text: string, lang: string): void;
  text(): string;
  /** A compiler's diagnostics, marked at their lines; an empty list clears them. */
  setDiagnostics(list: readonly Diagnostic[]): void;
  /** Puts the cursor at a line (from 1), at a column where given, and focuses the editor. */
  goTo(line: number, column: number | null): void;
  focus(): void;
  destroy(): void;
}

export type CreateEditor = (parent: HTMLElement, options: EditorOptions) => EditorHandle;
