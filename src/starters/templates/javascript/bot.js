// {{TITLE}}: a starter bot for Tabula, in JavaScript (node).
//
// Each turn it reads the statement's input into plain data (readInit, readTurn) and answers one legal
// move (choose). Make it play better in choose. Keep stdout for answers: debug() writes to stderr,
// which the replay shows.
'use strict';
const fs = require('node:fs');

function debug(...values) {
  console.error(...values);
}

const chunk = Buffer.alloc(1 << 16);
let pending = '';

/** The next line of input. The input ends when the game is over: then the bot exits. */
function readLine() {
  for (;;) {
    const end = pending.indexOf('\n');
    if (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      return line;
    }
    const count = fs.readSync(0, chunk, 0, chunk.length, null);
    if (count === 0) process.exit(0);
    pending += chunk.toString('utf8', 0, count);
  }
}

function readInt() {
  return Number.parseInt(readLine(), 10);
}

function readInts() {
  return readLine().split(' ').map(Number);
}

function readLines(count) {
  return Array.from({ length: count }, readLine);
}

{{GAME_CODE}}

function main() {
  const init = readInit();
  for (;;) {
    const turn = readTurn(init);
    if (turn === null) return; // the bot saw the end of the game by itself
    // One line per answer, written at once (console.log writes to a pipe synchronously).
    console.log(choose(init, turn));
  }
}

main();
