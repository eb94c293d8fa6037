/**
 * The editor page's code editor: CodeMirror 6 with each contest language's highlighting, a
 * compiler's diagnostics as lint marks, and the page's shortcuts. A bundle of its own
 * (dist/pages/editor.js, served as /assets/editor.js), which the editor page loads when it opens:
 * the main bundle, inlined whole into offline replays, stays small.
 */

import { indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { type Diagnostic as LintDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorSelection, EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { CreateEditor, EditorHandle } from './editor-handle.js';

/** Each language's highlighting, by the contest's language id; a language not listed is plain text. */
const LANGUAGES: Readonly<Record<string, () => Extension>> = {
  python,
  javascript,
  typescript: () => javascript({ typescript: true }),
  cpp,
  java,
  rust,
  go,
};

const THEME = EditorView.theme({
  '&': { height: '100%', fontSize: '0.9rem' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
});

export const createEditor: CreateEditor = (parent, options) => {
  const extensions = (lang: string): Extension[] => [
    // Before basicSetup's keymap, which takes Mod-Enter for a blank line.
    Prec.highest(
      keymap.of([
        { key: 'Mod-Shift-Enter', run: run(options.keys.submit) },
        { key: 'Mod-Enter', run: run(options.keys.play) },
      ]),
    ),
    basicSetup,
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's own way out).
    keymap.of([indentWithTab]),
    lintGutter(),
    // Long lines wrap: the editor is a column beside the rules.
    EditorView.lineWrapping,
    LANGUAGES[lang]?.() ?? [],
    THEME,
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({
    parent,
    state: EditorState.create({ doc: options.text, extensions: extensions(options.lang) }),
  });
  // Keys typed here are the editor's: the page's own listeners (the viewer's turn keys, Space among
  // them) must not take them too. The shortcuts above run before this.
  view.dom.addEventListener('keydown', (e) => e.stopPropagation());

  const handle: EditorHandle = {
    setText(text, lang) {
      view.setState(EditorState.create({ doc: text, extensions: extensions(lang) }));
    },
    text: () => view.state.doc.toString(),
    setDiagnostics(list) {
      const { state } = view;
      const marks = list.map((d): LintDiagnostic => {
        const line = state.doc.line(Math.min(Math.max(1, d.line), state.doc.lines));
        if (d.column === null) return { from: line.from, to: line.to, severity: d.severity, message: d.message };
        const from = line.from + Math.min(Math.max(0, d.column - 1), line.length);
        // The word at the column, else the one character there: a mark covers something where it can.
        const word = state.wordAt(from);
        const to = word && word.from === from ? word.to : Math.min(from + 1, line.to);
        return { from, to, severity: d.severity, message: d.message };
      });
      view.dispatch(setDiagnostics(state, marks));
    },
    goTo(line, column) {
      const { doc } = view.state;
      const at = doc.line(Math.min(Math.max(1, line), doc.lines));
      const pos = at.from + Math.min(Math.max(0, (column ?? 1) - 1), at.length);
      view.dispatch({
        selection: EditorSelection.cursor(pos),
        effects: EditorView.scrollIntoView(pos, { y: 'center' }),
      });
      view.focus();
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
  return handle;
};

/** A shortcut's command: the page's action, the key taken. */
const run = (action: () => void) => (): boolean => {
  action();
  return true;
};
