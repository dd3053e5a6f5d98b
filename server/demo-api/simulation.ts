import type { ExecutionRecord } from './model.ts'
import { Random } from './random.ts'
import { randomMetadata } from './seedMetadata.ts'
import { LOCKED_EXECUTION_ID } from './seedSpecials.ts'
import type { DemoStore } from './store.ts'

const MAX_ATTEMPTS = 5

export interface TickSummary {
  started: string[]
  finished: string[]
  retried: string[]
  created: string[]
}

/**
 * One step of the live simulation, all times `now`: up to 3 of the longest waiting `created`
 * executions start a new attempt; up to 3 other `started` ones finish their attempt (a failed
 * attempt may be retried at once); sometimes a new execution is created. It reads only the
 * `created` and `started` executions (the store's state index), never all of them.
 */
export function runSimulationTick(store: DemoStore, random: Random, now: number): TickSummary {
  const summary: TickSummary = { started: [], finished: [], retried: [], created: [] }
  for (const execution of longestWaiting(store.inState('created'), random.int(1, 3))) {
    store.startAttempt(execution, now)
    summary.started.push(execution.id)
  }

  const running = store.inState('started').filter((execution) => isFinishable(execution, summary))
  for (const execution of random.sample(running, random.int(1, 3))) {
    const outcome = random.chance(0.8) ? 'succeed' : 'failed'
    store.finishAttempt(execution, outcome, now)
    summary.finished.push(execution.id)
    if (outcome === 'failed' && execution.attempts.length < MAX_ATTEMPTS && random.chance(0.5)) {
      store.startAttempt(execution, now)
      summary.retried.push(execution.id)
    }
  }

  if (random.chance(0.35)) summary.created.push(store.createExecution(randomMetadata(random), now).id)
  return summary
}

const waitedLonger = (a: ExecutionRecord, b: ExecutionRecord) =>
  a.updatedAt - b.updatedAt || a.createdAt - b.createdAt

/** The `count` that waited longest, ties in list order: a stable sort's first `count`, without the sort. */
function longestWaiting(queued: readonly ExecutionRecord[], count: number): ExecutionRecord[] {
  const chosen: ExecutionRecord[] = []
  for (const execution of queued) {
    const at = chosen.findIndex((other) => waitedLonger(execution, other) < 0)
    if (at !== -1) chosen.splice(at, 0, execution)
    else chosen.push(execution)
    if (chosen.length > count) chosen.pop()
  }
  return chosen
}

function isFinishable(execution: ExecutionRecord, summary: TickSummary): boolean {
  return (
    execution.state === 'started' &&
    execution.id !== LOCKED_EXECUTION_ID &&
    !summary.started.includes(execution.id)
  )
}

export class Simulation {
  private timer: NodeJS.Timeout | undefined
  private random: Random

  constructor(
    private readonly store: DemoStore,
    private readonly seed: number,
    private readonly now: () => number,
    private readonly tickMs: number,
  ) {
    this.random = Simulation.randomFor(seed)
  }

  private static randomFor(seed: number): Random {
    return new Random(seed ^ 0x5eed)
  }

  get running(): boolean {
    return this.timer !== undefined
  }

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => this.tick(), this.tickMs)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  tick(): TickSummary {
    return runSimulationTick(this.store, this.random, this.now())
  }

  /** Makes the ticks after a data reset repeat the ones after seeding. */
  reseed(): void {
    this.random = Simulation.randomFor(this.seed)
  }
}
