/** The time policy and the turn clock, on a simulated clock: no test here waits for real time. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Clock,
  lateWatch,
  loadOf,
  machineCaused,
  startUpSpan,
  TimeControl,
  type TimeLimits,
  TurnClock,
  timeoutRuling,
  UNLIMITED,
  withOverrides,
} from '../../src/core/time-control.js';
import { type Millis, millis, seat } from '../../src/core/units.js';

/** A clock that moves only when told: timers fire as `advance` passes their time, in order. */
class SimulatedClock implements Clock {
  private time = 0;
  private timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  /** The delays asked for, in order. */
  readonly delays: number[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): { cancel(): void } {
    const timer = { at: this.time + ms, run, cancelled: false };
    this.delays.push(ms);
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
    }
    this.time = end;
  }

  get pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}

const limits: TimeLimits = { firstTurn: millis(1000), turn: millis(50) };
const load = { average: 1.5, cores: 2 };

describe('the time policy', () => {
  it("gives each seat its first turn's limit once, then the turn's", () => {
    const time = new TimeControl(limits, millis(0), 2);
    assert.equal(time.isFirstTurn(seat(0)), true);
    assert.deepEqual(time.beginTurn(seat(0)), { limit: 1000, fromBudget: false });
    assert.equal(time.isFirstTurn(seat(0)), false);
    assert.equal(time.isFirstTurn(seat(1)), true, 'each seat has a first turn of its own');
    assert.deepEqual(time.beginTurn(seat(1)), { limit: 1000, fromBudget: false });
    assert.deepEqual(time.beginTurn(seat(0)), { limit: 50, fromBudget: false });
  });

  it("cuts a turn to what is left of the seat's time for the game, never below nothing", () => {
    const time = new TimeControl({ firstTurn: millis(2000), turn: millis(1000), game: millis(2500) }, millis(0), 2);
    time.beginTurn(seat(0));
    time.charge(seat(0), millis(1900));
    assert.deepEqual(time.beginTurn(seat(0)), { limit: 600, fromBudget: true });
    time.charge(seat(0), millis(700));
    assert.deepEqual(time.beginTurn(seat(0)), { limit: 0, fromBudget: true });
    assert.deepEqual(time.beginTurn(seat(1)), { limit: 2000, fromBudget: false }, "the other seat's time is its own");
  });

  it('gives a seat with limits of its own (a person) those instead of the game’s', () => {
    const time = new TimeControl(limits, millis(0), 2, (s) => (s === 1 ? UNLIMITED : undefined));
    assert.equal(time.beginTurn(seat(1)).limit, Infinity);
    assert.equal(time.beginTurn(seat(0)).limit, 1000);
  });

  it('records the limits and the margin, only when there is one, as a replay does', () => {
    assert.deepEqual(new TimeControl(limits, millis(0), 2).record(), { firstTurnMs: 1000, turnMs: 50 });
    const budget = { ...limits, game: millis(10_000) };
    assert.deepEqual(new TimeControl(budget, millis(5), 2).record(), {
      firstTurnMs: 1000,
      turnMs: 50,
      gameMs: 10_000,
      marginMs: 5,
    });
  });

  it("says why a turn timed out: the limit, the margin, how late, the bot's CPU, the load, a line without its end", () => {
    const time = new TimeControl(limits, millis(0), 2);
    assert.equal(
      time.timeoutMessage(
        { limit: millis(50), fromBudget: false },
        { elapsed: millis(51.2504), cpu: millis(0.5), wait: millis(40), load },
      ),
      'no answer within 50 ms (stopped after 51.25 ms, 1.25 ms over; it used 0.5 ms of CPU and waited 40 ms for one; ' +
        'no answer came in the 200 ms more it was watched; load average 1.50 on 2 cores)',
    );
    const margined = new TimeControl(limits, millis(5), 2);
    assert.equal(
      margined.timeoutMessage(
        { limit: millis(12.5), fromBudget: true },
        { elapsed: millis(18), answered: millis(25), unfinished: '"e2e4"', load },
      ),
      'no answer within the 12.5 ms left of its time for the game and its 5 ms margin ' +
        '(stopped after 18 ms, 5.5 ms over; its answer came at 25 ms; load average 1.50 on 2 cores); ' +
        'it wrote "e2e4" without a newline (a line ends with \\n; flush it)',
    );
  });

  it('watches a timed-out bot on for as long as its limit, 200 ms to 2 s', () => {
    assert.deepEqual([lateWatch(millis(50)), lateWatch(millis(1000)), lateWatch(millis(60_000))], [200, 1000, 2000]);
  });

  it('lays a timeout at the machine’s door only where the wait for a CPU covers how late the answer came', () => {
    assert.equal(machineCaused({ limitMs: 50, answeredMs: 90, waitMs: 40 }), true);
    assert.equal(machineCaused({ limitMs: 50, answeredMs: 90, waitMs: 39.9 }), false, 'late by more than it waited');
    assert.equal(machineCaused({ limitMs: 50, waitMs: 500 }), false, 'never answered: it may have needed any time');
    assert.equal(machineCaused({ limitMs: 50, answeredMs: 51 }), false, 'its wait unmeasured');
    assert.equal(
      machineCaused({ limitMs: 50, answeredMs: 90, waitMs: 10, arenaLateMs: 30 }),
      true,
      'the arena itself late to look counts too',
    );
  });

  it('words the ruling on a timeout, the machine’s or the bot’s, with what was measured', () => {
    const measured = { cpuMs: 61, load: { average: 3.9, cores: 2 } };
    assert.deepEqual(timeoutRuling(1, { limitMs: 100, answeredMs: 138, waitMs: 52, ...measured }), {
      machine: true,
      why: 'seat 1 answered 38 ms past its 100 ms, having waited 52 ms for a CPU (CPU time 61 ms; load average 3.90 on 2 cores)',
    });
    assert.deepEqual(timeoutRuling(0, { limitMs: 100, answeredMs: 1000, waitMs: 3, cpuMs: 1000 }), {
      machine: false,
      why:
        'seat 0 answered 900 ms past its 100 ms, having waited 3 ms for a CPU (CPU time 1000 ms): ' +
        'its wait does not cover that, so it computed, slept or blocked past its limit',
    });
    assert.deepEqual(timeoutRuling(0, { limitMs: 50, answeredMs: 90, waitMs: 10, arenaLateMs: 30 }), {
      machine: true,
      why: 'seat 0 answered 40 ms past its 50 ms, having waited 10 ms for a CPU (and the arena, busy, was 30 ms late to look)',
    });
    assert.deepEqual(timeoutRuling(1, { limitMs: 50, waitMs: 400 }), {
      machine: false,
      why: 'seat 1 gave no answer in the 200 ms it was watched past its 50 ms: nothing shows that the machine held it up',
    });
    assert.deepEqual(timeoutRuling(1, { limitMs: 50, answeredMs: 51 }), {
      machine: false,
      why: 'seat 1 answered 1 ms past its 50 ms; its wait for a CPU was not measured, so the rules stand',
    });
  });

  it('reads the load back from what a timeout says', () => {
    const time = new TimeControl(limits, millis(0), 2);
    const message = time.timeoutMessage(
      { limit: millis(50), fromBudget: false },
      { elapsed: millis(60), answered: millis(70), unfinished: '"; load average 9.00 on 64 cores)"', load },
    );
    assert.deepEqual(loadOf(message), { average: 1.5, cores: 2 }, 'its own, not what the bot wrote');
    assert.equal(loadOf('no answer within 50 ms'), undefined);
  });

  it("takes the user's limits over the game's, keeping the game's budget unless given", () => {
    const game = { firstTurn: millis(2000), turn: millis(1000), game: millis(10_000) };
    assert.deepEqual(withOverrides(game, {}), game);
    assert.deepEqual(withOverrides(game, { turnMs: 200 }), { ...game, turn: 200 });
    assert.deepEqual(withOverrides(limits, { gameMs: 5000, firstTurnMs: 300 }), {
      firstTurn: 300,
      turn: 50,
      game: 5000,
    });
  });

  it("lasts a bot's start-up half its first turn, none when the first turn has no limit", () => {
    assert.equal(startUpSpan(limits), 500);
    assert.equal(startUpSpan(UNLIMITED), undefined);
  });
});

describe('the turn clock', () => {
  const clockOf = (limit: number, margin = 0) => {
    const clock = new SimulatedClock();
    const timeouts: Millis[] = [];
    const turn = new TurnClock(millis(limit), millis(margin), (elapsed) => timeouts.push(elapsed), clock);
    return { clock, turn, timeouts };
  };

  it('runs from the moment the input is written, not from the send', () => {
    const { clock, turn, timeouts } = clockOf(50);
    clock.advance(30); // the bot did not read its input for 30 ms
    turn.inputWritten(clock.now());
    turn.start();
    clock.advance(40);
    assert.equal(turn.elapsed(), 40);
    assert.equal(turn.isLate(turn.elapsed()), false);
    clock.advance(11);
    assert.deepEqual(timeouts, [51]);
  });

  it('runs from the send while the input is not all written (a bot that does not read)', () => {
    const { clock, turn, timeouts } = clockOf(50);
    turn.start();
    clock.advance(60);
    assert.deepEqual(timeouts, [51]);
  });

  it('takes an answer at its limit, and one within the margin, as not late', () => {
    const { turn } = clockOf(50, 5);
    turn.inputWritten(0);
    assert.equal(turn.deadline, 55);
    assert.equal(turn.isLate(turn.elapsed(50)), false);
    assert.equal(turn.isLate(turn.elapsed(55)), false);
    assert.equal(turn.isLate(turn.elapsed(55.001)), true);
  });

  it('times out once, at the deadline, looking again when the input was written late', () => {
    const { clock, turn, timeouts } = clockOf(50, 5);
    turn.start();
    clock.advance(20);
    turn.inputWritten(clock.now()); // the deadline moves to 75
    clock.advance(50);
    assert.deepEqual(timeouts, [], 'not at the first look: the clock started at 20');
    clock.advance(10);
    assert.equal(timeouts.length, 1);
    assert.ok(timeouts[0]! > 55 && timeouts[0]! <= 57, `timed out after ${timeouts[0]} ms`);
    clock.advance(1000);
    assert.equal(timeouts.length, 1, 'once');
  });

  it('stops: no timeout after an answer', () => {
    const { clock, turn, timeouts } = clockOf(50);
    turn.inputWritten(0);
    turn.start();
    clock.advance(10);
    turn.stop();
    clock.advance(1000);
    assert.deepEqual(timeouts, []);
    assert.equal(clock.pending, 0);
  });

  it('waits in steps no timer overflows for a limit beyond a timer, or none', () => {
    const { clock, turn, timeouts } = clockOf(Infinity);
    turn.inputWritten(0);
    turn.start();
    clock.advance(3 * 2 ** 31);
    assert.deepEqual(timeouts, []);
    assert.ok(clock.delays.every((d) => d <= 2 ** 31 - 1 && d > 0));
    assert.ok(clock.delays.length >= 3, `${clock.delays.length} timers`);
  });
});
