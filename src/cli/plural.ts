/** "1 game", "2 games": a count with its noun, as people write it. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
