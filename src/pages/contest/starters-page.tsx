/**
 * `{pages}/starters`: each language's starter bot for the contest's game, to download beside the submit
 * page: the same files as `tabula new`, for an author who starts from the browser.
 */
import type { ContestInfo } from '../../server/contest-wire.js';
import { useBase } from './base.js';

/** `api`: the base of the contest's API (`/api`, `/api/contests/<name>`), where each archive is served. */
export function StartersPage({ info, api }: { info: ContestInfo; api: string }) {
  const { page } = useBase();
  const archive = (lang: string): string => `${info.game}-${lang}-bot.tar.gz`;
  return (
    <div class="contest starters">
      <h1>Starters</h1>
      <p class="muted">
        A starter reads the game's input each turn and plays a legal move: a bot that plays from its first game, to make
        better. What it reads and writes: <a href={info.pages.rules}>the rules</a>.
      </p>
      <table class="languages">
        <thead>
          <tr>
            <th>language</th>
            <th>starter</th>
            <th>built with</th>
            <th>run as</th>
          </tr>
        </thead>
        <tbody>
          {info.languages.map((l) => (
            <tr data-lang={l.id}>
              <td>
                {l.name} <span class="muted">--lang {l.id}</span>
              </td>
              <td>
                <a href={`${api}/starters/${l.id}`} download={archive(l.id)}>
                  {archive(l.id)}
                </a>
              </td>
              <td>{l.build === null ? <span class="muted">nothing to build</span> : <code>{l.build}</code>}</td>
              <td>
                <code>{l.run}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
