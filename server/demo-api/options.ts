import { MAX_PAGE_SIZE } from './paging.ts'
import { SPEC_READINGS, type DemoReadings } from './readings.ts'

export interface DemoApiOptions {
  /** Bearer token every request must carry; default 'demo-token'. */
  token?: string
  /** The spec's base_url path prefix; default '/v2'. */
  basePath?: string
  /** Data is deterministic for a given seed + now(); default 42. */
  seed?: number
  /** Default 2400 (the 3 special executions included). */
  executionCount?: number
  /** Clock in ms, default Date.now; seeding spreads created_at over the 14 days before now(). */
  now?: () => number
  /** Live simulation running; default true, false = frozen. */
  simulate?: boolean
  /** Simulation tick in ms; default 2000. */
  tickMs?: number
  /** Other readings of the spec's open points; default the spec's own. */
  readings?: Partial<DemoReadings>
  /** The largest `page.first`/`page.last` accepted (above it: 400 naming the field); default 100. */
  maxPageSize?: number
  /** Seed the failure causes (the last hour’s incident among them) on top of the regular data (ground truth at GET /__demo/causes); default false. */
  causes?: boolean
  /** Exactly this many executions (the special ones among them) created in the last hour; default null (no split). */
  recentCount?: number | null
}

export type DemoApiSettings = Required<Omit<DemoApiOptions, 'readings'>> & { readings: DemoReadings }

export const DEFAULT_TOKEN = 'demo-token'
export const DEFAULT_BASE_PATH = '/v2'

/** '/v2/' and 'v2' become '/v2'; '/' becomes '' (API at the root). */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '' : `/${trimmed}`
}

export function resolveOptions(options: DemoApiOptions): DemoApiSettings {
  return {
    token: options.token ?? DEFAULT_TOKEN,
    basePath: normalizeBasePath(options.basePath ?? DEFAULT_BASE_PATH),
    seed: options.seed ?? 42,
    executionCount: options.executionCount ?? 2400,
    now: options.now ?? Date.now,
    simulate: options.simulate ?? true,
    tickMs: options.tickMs ?? 2000,
    maxPageSize: checkMaxPage(options.maxPageSize ?? MAX_PAGE_SIZE),
    causes: options.causes ?? false,
    recentCount: options.recentCount ?? null,
    // A reading given as undefined (an unset CLI flag or variable) keeps the spec's own.
    readings: {
      rescheduleAnswer: options.readings?.rescheduleAnswer ?? SPEC_READINGS.rescheduleAnswer,
      stateSpelling: options.readings?.stateSpelling ?? SPEC_READINGS.stateSpelling,
    },
  }
}

export const MAX_DEMO_SIZE = 1_000_000

/** `--size` / DEMO_API_SIZE: how many executions to seed (the 3 special ones included). */
export function parseDemoSize(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const size = Number(text)
  if (!Number.isInteger(size) || size < 3 || size > MAX_DEMO_SIZE) {
    throw new Error(`The demo size must be a whole number from 3 to ${MAX_DEMO_SIZE}, not “${text}”.`)
  }
  return size
}

/** `--recent`: how many executions are created in the last hour (at least the 4 special ones). */
export function parseDemoRecent(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const recent = Number(text)
  if (!Number.isInteger(recent) || recent < 4 || recent > MAX_DEMO_SIZE) {
    throw new Error(`The recent executions must be a whole number from 4 to ${MAX_DEMO_SIZE}, not “${text}”.`)
  }
  return recent
}

/** A page of 100,000 executions is some 25 MB of JSON: enough to probe with, and no further. */
export const MAX_PAGE_LIMIT = 100_000

const isPageSize = (size: number) => Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_LIMIT
const notAPageSize = (given: unknown) =>
  new Error(`The largest page must be a whole number from 1 to ${MAX_PAGE_LIMIT}, not “${String(given)}”.`)

function checkMaxPage(size: number): number {
  if (!isPageSize(size)) throw notAPageSize(size)
  return size
}

/** `--max-page` / DEMO_API_MAX_PAGE: the largest page the demo accepts (default 100). */
export function parseDemoMaxPage(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined
  if (!isPageSize(Number(text))) throw notAPageSize(text)
  return Number(text)
}

/** `--causes` / DEMO_API_CAUSES: 1, true or yes seed the failure causes; 0, false, no or nothing do not. */
export function parseDemoCauses(text: string | undefined): boolean | undefined {
  const value = text?.trim().toLowerCase() ?? ''
  if (value === '') return undefined
  if (['1', 'true', 'yes'].includes(value)) return true
  if (['0', 'false', 'no'].includes(value)) return false
  throw new Error(`DEMO_API_CAUSES must be 1 or 0, not “${text ?? ''}”.`)
}
