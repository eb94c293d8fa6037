/**
 * `{pages}/starters`: each language's starter bot for the contest's game, to download beside the submit
 * page: the same files as `tabula new`, for an author who starts from the browser.
 */
import type { ContestInfo } from '../../server/contest-wire.js';
import { useBase } from './base.js';
import { Languages } from './parts.js';

export function StartersPage({ info }: { info: ContestInfo }) {
  const { page, api } = useBase();
  const archive = (lang: string): string => `${info.game}-${lang}-bot.tar.gz`;
  return (
    <div class="contest starters">
      <h1>Starters</h1>
      <p class="muted">
        A starter reads the game's input each turn and plays a legal move: a bot that plays from its first game, to make
        better. What it reads and writes: <a href={info.pages.rules}>the rules</a>.
      </p>
      <Languages info={info} starter={(id) => ({ href: api(`/starters/${id}`), file: archive(id) })} />
      <p>
        Unpack it (<code>tar xzf {archive('LANG')}</code>), build it where there is a build line, then submit the folder
        from the <a href={page('/submit')}>submit page</a> or with{' '}
        <code class="command">
          tabula submit {location.origin}/ {info.game}-LANG-bot --lang LANG{info.contests > 1 && ` --game ${info.game}`}
        </code>
        . Its README gives the commands that play it and judge it on your machine.
      </p>
    </div>
  );
}
