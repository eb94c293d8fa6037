import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fieldName, POINTS } from '../../../src/boards/morris.js';
import { formatMove, protocol } from '../../../src/games/morris/protocol.js';
import { type MorrisState, rules } from '../../../src/games/morris/rules.js';
import { listed, ONE, parseError, playLines, position, start, ZERO } from './helpers.js';

const lines = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim());
const input = (state: MorrisState, firstTurn = false): string[] =>
  protocol.turnInput(state, rules.toMove(state), firstTurn);

const INITIALISATION = lines(`
  24
  A1:A4;D1
  A4:A1;A7;B4
  A7:A4;D7
  B2:B4;D2
  B4:A4;B2;B6;C4
  B6:B4;D6
  C3:C4;D3
  C4:B4;C3;C5
  C5:C4;D5
  D1:A1;D2;G1
  D2:B2;D1;D3;F2
  D3:C3;D2;E3
  D5:C5;D6;E5
  D6:B6;D5;D7;F6
  D7:A7;D6;G7
  E3:D3;E4
  E4:E3;E5;F4
  E5:D5;E4
  F2:D2;F4
  F4:E4;F2;F6;G4
  F6:D6;F4
  G1:D1;G4
  G4:F4;G1;G7
  G7:D7;G4`);

it("player 0's first turn: initialisation, no move yet, an empty board, 24 placements", () => {
  assert.deepEqual(input(start(), true), [
    '0',
    ...INITIALISATION,
    ...lines(`
      -
      A1:2;D1:2;G1:2;B2:2;D2:2;F2:2;C3:2;D3:2;E3:2;A4:2;B4:2;C4:2;E4:2;F4:2;G4:2;C5:2;D5:2;E5:2;B6:2;D6:2;F6:2;A7:2;D7:2;G7:2
      24
      PLACE;A1
      PLACE;D1
      PLACE;G1
      PLACE;B2
      PLACE;D2
      PLACE;F2
      PLACE;C3
      PLACE;D3
      PLACE;E3
      PLACE;A4
      PLACE;B4
      PLACE;C4
      PLACE;E4
      PLACE;F4
      PLACE;G4
      PLACE;C5
      PLACE;D5
      PLACE;E5
      PLACE;B6
      PLACE;D6
      PLACE;F6
      PLACE;A7
      PLACE;D7
      PLACE;G7`),
  ]);
});

it("player 1's first turn: its initialisation, then player 0's command, absolute stone states", () => {
  const s = playLines(start(), 'PLACE;A1');
  const expected = [
    '1',
    ...INITIALISATION,
    ...lines(`
    PLACE;A1
    A1:0;D1:2;G1:2;B2:2;D2:2;F2:2;C3:2;D3:2;E3:2;A4:2;B4:2;C4:2;E4:2;F4:2;G4:2;C5:2;D5:2;E5:2;B6:2;D6:2;F6:2;A7:2;D7:2;G7:2
    23`),
  ];
  assert.deepEqual(input(s, true).slice(0, expected.length), expected);
  assert.deepEqual(input(s, true).slice(expected.length, expected.length + 2), ['PLACE;D1', 'PLACE;G1']);
  assert.equal(input(s, true).length, expected.length + 23);
  assert.deepEqual(input(s, false), input(s, true).slice(26), 'later turns have no initialisation');
});

it('a placement that closes a mill is listed once for each stone it may take', () => {
  const s = playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4', 'PLACE;D3');
  assert.deepEqual(
    input(s),
    lines(`
      PLACE;D3
      A1:0;D1:2;G1:2;B2:2;D2:1;F2:2;C3:2;D3:1;E3:2;A4:0;B4:2;C4:2;E4:2;F4:2;G4:2;C5:2;D5:2;E5:2;B6:2;D6:2;F6:2;A7:2;D7:2;G7:2
      21
      PLACE;D1
      PLACE;G1
      PLACE;B2
      PLACE;F2
      PLACE;C3
      PLACE;E3
      PLACE;B4
      PLACE;C4
      PLACE;E4
      PLACE;F4
      PLACE;G4
      PLACE;C5
      PLACE;D5
      PLACE;E5
      PLACE;B6
      PLACE;D6
      PLACE;F6
      PLACE&TAKE;A7;D2
      PLACE&TAKE;A7;D3
      PLACE;D7
      PLACE;G7`),
  );
});

// Player 0: A1 A4 B2 C4 D7; player 1: the mill D1-D2-D3, and F4, G7.
const moving = () => position({ zero: ['A1', 'A4', 'B2', 'C4', 'D7'], one: ['D1', 'D2', 'D3', 'F4', 'G7'] });

it('moving: by stone, then by free neighbour, in field order; only stones outside mills are takable', () => {
  assert.deepEqual(
    input(moving()),
    lines(`
      -
      A1:0;D1:1;G1:2;B2:0;D2:1;F2:2;C3:2;D3:1;E3:2;A4:0;B4:2;C4:0;E4:2;F4:1;G4:2;C5:2;D5:2;E5:2;B6:2;D6:2;F6:2;A7:2;D7:0;G7:1
      10
      MOVE&TAKE;B2;B4;F4
      MOVE&TAKE;B2;B4;G7
      MOVE;A4;B4
      MOVE;A4;A7
      MOVE;C4;C3
      MOVE;C4;B4
      MOVE;C4;C5
      MOVE;D7;D6
      MOVE&TAKE;D7;A7;F4
      MOVE&TAKE;D7;A7;G7`),
  );
});

// Player 0 is down to A1 A4 G7 and flies; player 1 has D1 D2 D3 F4.
const flying = () => position({ zero: ['A1', 'A4', 'G7'], one: ['D1', 'D2', 'D3', 'F4'] });

it('flying: every stone to every free field', () => {
  const commands = listed(flying());
  assert.equal(commands.length, 3 * 17);
  assert.deepEqual(commands.slice(0, 3), ['MOVE;A1;G1', 'MOVE;A1;B2', 'MOVE;A1;F2']);
  assert.deepEqual(commands.slice(-3), ['MOVE;G7;F6', 'MOVE&TAKE;G7;A7;F4', 'MOVE;G7;D7']);
  assert.ok(commands.includes('MOVE;A1;D7'));
  assert.ok(commands.includes('MOVE;A1;A7'), 'A1 leaving A1-A4-A7 does not close it');
  assert.ok(!commands.some((c) => c.startsWith('MOVE&TAKE;A1;A7')));
});

it('valid commands of every form are accepted', () => {
  const placing = playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4', 'PLACE;D3');
  for (const [state, line] of [
    [placing, 'PLACE;D1'],
    [placing, 'PLACE&TAKE;A7;D3'],
    [moving(), 'MOVE;C4;C5'],
    [moving(), 'MOVE&TAKE;D7;A7;G7'],
    [flying(), 'MOVE;A1;D7'],
    [flying(), 'MOVE&TAKE;G7;A7;F4'],
  ] as const) {
    const parsed = protocol.parseOutput(state, rules.toMove(state), line);
    assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
    assert.equal(formatMove(parsed.value.move), line);
    assert.equal(parsed.value.comment, undefined);
  }
});

it('malformed commands: the exact reason', () => {
  const s = playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4', 'PLACE;D3');
  const cases: [string, string][] = [
    ['', 'empty line: expected a command such as PLACE;A1'],
    ['PUT;D1', 'unknown command "PUT": expected PLACE, PLACE&TAKE, MOVE or MOVE&TAKE'],
    [' PLACE;D1', 'unknown command " PLACE": expected PLACE, PLACE&TAKE, MOVE or MOVE&TAKE'],
    ['place;D1', 'unknown command "place": commands are case-sensitive (PLACE)'],
    ['Place&Take;A7;D3', 'unknown command "Place&Take": commands are case-sensitive (PLACE&TAKE)'],
    ['PLACE D1', 'unknown command "PLACE D1": expected PLACE, PLACE&TAKE, MOVE or MOVE&TAKE'],
    ['PLACE', 'PLACE takes 1 field (PLACE;X), got 0'],
    ['PLACE;D1;', 'PLACE takes 1 field (PLACE;X), got 2, the last one empty'],
    ['PLACE;D1;G1', 'PLACE takes 1 field (PLACE;X), got 2'],
    ['PLACE&TAKE;A7', 'PLACE&TAKE takes 2 fields (PLACE&TAKE;X;Y), got 1'],
    ['MOVE;A1', 'MOVE takes 2 fields (MOVE;X;Y), got 1'],
    ['MOVE&TAKE;A1;A7;D2;D3', 'MOVE&TAKE takes 3 fields (MOVE&TAKE;X;Y;Z), got 4'],
    ['PLACE;d1', 'field 1 of PLACE, "d1", is not one of the 24 fields (A1..G7, as listed in the initialisation)'],
    ['PLACE;D4', 'field 1 of PLACE, "D4", is not one of the 24 fields (A1..G7, as listed in the initialisation)'],
    ['PLACE; D1', 'field 1 of PLACE, " D1", is not one of the 24 fields (A1..G7, as listed in the initialisation)'],
    [
      'PLACE&TAKE;A7;H9',
      'field 2 of PLACE&TAKE, "H9", is not one of the 24 fields (A1..G7, as listed in the initialisation)',
    ],
    [
      `PLACE;${'x'.repeat(100)}`,
      `field 1 of PLACE, "${'x'.repeat(20)}…", is not one of the 24 fields (A1..G7, as listed in the initialisation)`,
    ],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
});

it('placing: the wrong command for the phase, a field not free, mill and no mill, what may be taken', () => {
  const s = playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4', 'PLACE;D3');
  const cases: [string, string][] = [
    ['MOVE;A1;D1', '2 of your 9 stones are placed: the command must be PLACE or PLACE&TAKE until all are'],
    ['MOVE&TAKE;A4;A7;D2', '2 of your 9 stones are placed: the command must be PLACE or PLACE&TAKE until all are'],
    ['PLACE;A1', 'A1 is not free (your stone is there)'],
    ['PLACE;D2', "D2 is not free (the opponent's stone is there)"],
    ['PLACE&TAKE;D3;D2', "D3 is not free (the opponent's stone is there)"],
    ['PLACE;A7', 'placing on A7 closes the mill A1-A4-A7: the command must be PLACE&TAKE, naming a stone to take'],
    ['PLACE&TAKE;D1;D2', 'placing on D1 closes no mill: the command must be PLACE, without a take'],
    ['PLACE&TAKE;A7;A1', 'A1 holds no stone of the opponent to take (your stone is there)'],
    ['PLACE&TAKE;A7;G7', 'G7 holds no stone of the opponent to take (it is empty)'],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, line);
});

it('moving: the wrong command for the phase, no own stone, not free, not adjacent, mill and no mill, not takable', () => {
  const cases: [string, string][] = [
    ['PLACE;G1', 'all 9 of your stones are placed: the command must be MOVE or MOVE&TAKE'],
    ['PLACE&TAKE;A7;F4', 'all 9 of your stones are placed: the command must be MOVE or MOVE&TAKE'],
    ['MOVE;G1;G4', 'G1 holds no stone of yours (it is empty)'],
    ['MOVE;D1;G1', "D1 holds no stone of yours (the opponent's stone is there)"],
    ['MOVE;A1;A4', 'A4 is not free (your stone is there)'],
    ['MOVE;A1;D1', "D1 is not free (the opponent's stone is there)"],
    ['MOVE;A1;A1', 'A1 is not free (your stone is there)'],
    ['MOVE;D7;G4', 'G4 is not adjacent to D7 (its neighbours: A7, D6, G7); only a player down to 3 stones flies'],
    ['MOVE;D7;A7', 'moving to A7 closes the mill A1-A4-A7: the command must be MOVE&TAKE, naming a stone to take'],
    ['MOVE&TAKE;D7;D6;F4', 'moving to D6 closes no mill: the command must be MOVE, without a take'],
    ['MOVE&TAKE;A4;A7;F4', 'moving to A7 closes no mill: the command must be MOVE, without a take'],
    ['MOVE&TAKE;D7;A7;D2', "the opponent's stone on D2 is in the mill D1-D2-D3: take one outside a mill (F4, G7)"],
    ['MOVE&TAKE;D7;A7;C4', 'C4 holds no stone of the opponent to take (your stone is there)'],
    ['MOVE&TAKE;D7;A7;G1', 'G1 holds no stone of the opponent to take (it is empty)'],
  ];
  for (const [line, error] of cases) assert.equal(parseError(moving(), line), error, line);
});

it('a line is accepted exactly when it is one of the listed commands', () => {
  const names = POINTS.map(fieldName);
  const candidates: string[] = [];
  for (const a of names) {
    candidates.push(`PLACE;${a}`);
    for (const b of names) {
      candidates.push(`PLACE&TAKE;${a};${b}`, `MOVE;${a};${b}`);
      for (const c of names) candidates.push(`MOVE&TAKE;${a};${b};${c}`);
    }
  }
  const positions = [
    start(),
    playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4', 'PLACE;D3'),
    moving(),
    flying(),
    // Player 1 to move, every stone of player 0 in a mill: any of them may be taken.
    position({ zero: ['A1', 'D1', 'G1', 'A7', 'D7', 'G7'], one: ['B2', 'B4', 'C4', 'F4'], ply: 41 }),
  ];
  for (const state of positions) {
    const mover = rules.toMove(state);
    const accepted = candidates.filter((line) => protocol.parseOutput(state, mover, line).ok);
    assert.deepEqual(accepted.sort(), listed(state).sort());
  }
});

it('turn input and parsing belong to the player to move', () => {
  assert.throws(() => protocol.turnInput(start(), ONE, true), /not player 1's turn/);
  assert.throws(() => protocol.parseOutput(playLines(start(), 'PLACE;A1'), ZERO, 'PLACE;D1'), /not player 0's turn/);
});
