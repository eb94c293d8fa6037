/** The evaluation's weights (layout in evaluation.ts). */
import { HAND, HANGING, KING_ATTACKED, KING_DROPS, KING_ESCAPES, MATERIAL, MOBILITY, TEMPO, WEIGHT_COUNT } from './evaluation.js';

function initial(): Int16Array {
  const w = new Int16Array(WEIGHT_COUNT);
  [90, 400, 450, 550, 650, 0, 450, 450, 800, 950].forEach((v, i) => (w[MATERIAL + i] = v));
  [120, 100, 450, 420, 500, 480, 600, 580, 700, 680].forEach((v, i) => (w[HAND + i] = v));
  [0, 0, 0, 4, 4, 0, 0, 0, 4, 4].forEach((v, i) => (w[MOBILITY + i] = v));
  for (let i = 0; i < 10; i++) w[HANGING + i] = -20;
  [0, -10, -25, -45, -70, -100, -130, -160, -200].forEach((v, i) => (w[KING_ATTACKED + i] = v));
  [-60, -30, -10, 0, 0, 0, 0, 0, 0].forEach((v, i) => (w[KING_ESCAPES + i] = v));
  [-5, -10, -12, -10, -12].forEach((v, i) => (w[KING_DROPS + i] = v));
  w[TEMPO] = 20;
  return w;
}

export const WEIGHTS: Int16Array = initial();
