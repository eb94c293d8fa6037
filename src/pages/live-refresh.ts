/**
 * Data a page shows that changes as runs go on: fetched again when the server says so, at most once
 * every `everyMs` (a few times a second by default); `reload` fetches it again at once.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { getJson, socket } from './api.js';

const AT_MOST_EVERY_MS = 300;

export function useLiveJson<T>(
  path: string,
  everyMs = AT_MOST_EVERY_MS,
): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useRef(() => {});
  useEffect(() => {
    let timer: number | undefined;
    let last = 0;
    const load = () => {
      last = Date.now();
      getJson<T>(path).then(
        (d) => {
          setData(d);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
    };
    reload.current = load;
    load();
    const stop = socket.listen((m) => {
      if (m.type !== 'runs' && m.type !== 'turns' && m.type !== 'end') return;
      if (timer !== undefined) return;
      timer = window.setTimeout(
        () => {
          timer = undefined;
          load();
        },
        Math.max(0, everyMs - (Date.now() - last)),
      );
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [path, everyMs]);
  return { data, error, reload: () => reload.current() };
}
