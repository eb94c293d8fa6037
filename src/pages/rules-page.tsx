/**
 * `/rules/<game>`: a game's rules in Tabula's words, the HTML the server made from its `rules.md`
 * (server/rules-page.ts: no tag of the document's own), on the web arena and a contest's server.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RulesData } from '../server/wire.js';
import { getJson } from './api.js';

/** `inside`: the rules within another page (the editor's), whose title and address's anchor are its own. */
export function RulesPage({ game, inside = false }: { game: string; inside?: boolean }) {
  const [rules, setRules] = useState<RulesData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<RulesData>(`/api/rules/${encodeURIComponent(game)}`).then(setRules, (e: Error) => setError(e.message));
  }, [game]);
  useEffect(() => {
    if (!rules || inside) return;
    document.title = `${rules.title}: the rules`;
    // The address's anchor names a section, which exists only now.
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [rules]);
  if (error) return <p class="failure">The rules cannot be read: {error}</p>;
  if (!rules) return <p class="muted">Loading…</p>;
  // The server's rendering keeps no tag of the document's own (server/rules-page.ts).
  return <article class="rules" dangerouslySetInnerHTML={{ __html: rules.html }} />;
}
