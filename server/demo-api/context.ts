import { FaultBook } from './faults.ts'
import type { DemoApiSettings } from './options.ts'
import type { DemoReadings } from './readings.ts'
import { createRequestSchemas } from './requestSchemas.ts'
import type { RequestSchemas } from './requestSchemas.ts'
import { generateSeedData } from './seed.ts'
import { Simulation } from './simulation.ts'
import { RequestStats } from './stats.ts'
import { DemoStore } from './store.ts'

/** Everything the routes share for one demo app instance. */
export interface DemoContext {
  store: DemoStore
  stats: RequestStats
  faults: FaultBook
  simulation: Simulation
  now: () => number
  basePath: string
  /** Request bodies as validated with this demo's largest page. */
  schemas: RequestSchemas
  /** Which reading of the spec's open points the demo follows now (switchable under /__demo/readings). */
  readings: DemoReadings
  /** Back to the data as seeded at start-up, no faults, zeroed stats. */
  reset: () => void
}

export function createDemoContext(settings: DemoApiSettings): DemoContext {
  const seedOptions = {
    seed: settings.seed,
    count: settings.executionCount,
    now: settings.now(),
    causes: settings.causes,
    recent: settings.recentCount ?? undefined,
  }
  // Reset seeds again (the data is deterministic) rather than keep a second copy of every execution.
  const store = new DemoStore(() => generateSeedData(seedOptions))
  const stats = new RequestStats()
  const faults = new FaultBook()
  const simulation = new Simulation(store, settings.seed, settings.now, settings.tickMs)
  const context: DemoContext = {
    store,
    stats,
    faults,
    simulation,
    now: settings.now,
    basePath: settings.basePath,
    schemas: createRequestSchemas(settings.maxPageSize),
    readings: { ...settings.readings },
    reset() {
      context.readings = { ...settings.readings }
      store.reset()
      faults.clear()
      stats.reset()
      simulation.reseed()
    },
  }
  return context
}
