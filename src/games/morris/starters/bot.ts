// Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
// fields' neighbours, then each turn the opponent's last command, the board and every valid command.

interface Init {
  playerId: number; // 0 or 1: your stones are this number on the board
  neighbors: Map<string, string[]>; // each field ("A1" to "G7") and the fields adjacent to it
}

interface Turn {
  opMove: string; // the opponent's last command, or "-" before any
  board: Map<string, number>; // each field and its state: 0 a stone of player 0, 1 of player 1, 2 empty
  commands: string[]; // every valid command for this turn
}

function readInit(): Init {
  const playerId = readInt();
  const neighbors = new Map<string, string[]>();
  for (const line of readLines(readInt())) {
    const [field, adjacent] = line.split(':'); // "A1:A4;D1"
    neighbors.set(field, adjacent.split(';'));
  }
  return { playerId, neighbors };
}

function readTurn(_init: Init): Turn {
  const opMove = readLine();
  const board = new Map<string, number>();
  for (const entry of readLine().split(';')) {
    const [field, state] = entry.split(':'); // "A1:2"
    board.set(field.trim(), Number(state));
  }
  const commands = readLines(readInt());
  return { opMove, board, commands };
}

function choose(_init: Init, turn: Turn): string {
  // "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
  return turn.commands[0];
}
