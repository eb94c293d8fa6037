/** Numeric bot parameters (`builtin:strong(depth=4,time=0.5)`): their declaration with a check, and their reading. */
import type { Setting } from '../../../core/game.js';
import { failed, ok } from '../../../core/result.js';

/** A parameter that takes a number from `min` to `max`, a whole one if `whole`. */
export function numberSetting(
  name: string,
  description: string,
  fallback: number,
  min: number,
  max: number,
  whole: boolean,
): Setting {
  return {
    name,
    description,
    default: String(fallback),
    check: (value) => {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min || n > max)
        return failed(`expected ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`);
      return ok(value);
    },
  };
}

/** The value of `setting` in `params` (already checked by the arena), or its default. */
export const numberParam = (params: Readonly<Record<string, string>>, setting: Setting): number =>
  Number(params[setting.name] ?? setting.default);
