import { z } from 'zod/mini'
import { stateMeaning, type MetadataFilter } from '../../api'
import { MAX_TRAIL, normaliseTrail, type CursorPosition } from '../../lib/cursorTrail'

export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

/** Everything that decides which executions are on screen; lives in the URL. */
export interface ExecutionSearch extends CursorPosition {
  /** Known states by their spec name (failed), any other state as the link gave it (queued). */
  states: string[]
  metadata: MetadataFilter[]
  size: PageSize
}

export const DEFAULT_SEARCH: ExecutionSearch = {
  states: [],
  metadata: [],
  size: DEFAULT_PAGE_SIZE,
  after: null,
  trail: [],
  skipped: 0,
}

const METADATA_PREFIX = 'm.'
const MAX_TEXT = 2048

const sizeSchema = z.catch(z.union(PAGE_SIZES.map((size) => z.literal(size))), DEFAULT_PAGE_SIZE)
const cursorSchema = z.catch(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_TEXT))), null)
const trailSchema = z.catch(
  z.array(z.string().check(z.maxLength(MAX_TEXT))).check(z.maxLength(MAX_TRAIL)),
  [],
)
const skippedSchema = z.catch(z.int().check(z.minimum(0), z.maximum(1_000_000)), 0)
const textSchema = z.string().check(z.minLength(1), z.maxLength(MAX_TEXT))

const MAX_STATES = 20

/** A state given in a link is kept, never dropped: known ones by meaning, others as given. */
function parseStates(values: string[]): string[] {
  const states: string[] = []
  for (const value of values) {
    if (!textSchema.safeParse(value.trim()).success) continue
    const state = stateMeaning(value) ?? value.trim()
    if (!states.includes(state) && states.length < MAX_STATES) states.push(state)
  }
  return states
}

function parseMetadata(params: URLSearchParams): MetadataFilter[] {
  const byKey = new Map<string, string[]>()
  for (const [name, value] of params) {
    if (!name.startsWith(METADATA_PREFIX)) continue
    const key = name.slice(METADATA_PREFIX.length)
    if (!textSchema.safeParse(key).success || !textSchema.safeParse(value).success) continue
    const values = byKey.get(key) ?? []
    if (!values.includes(value)) values.push(value)
    byKey.set(key, values)
  }
  return [...byKey].map(([key, values]) => ({ key, values }))
}

let lastParsed: { search: string; parsed: ExecutionSearch } | null = null

/**
 * Never throws: each field that is missing or malformed falls back to its default on its own. The same
 * string gives the same object: the page and the dashboard both read the one URL on every render.
 */
export function parseExecutionSearch(search: string): ExecutionSearch {
  if (lastParsed?.search !== search) lastParsed = { search, parsed: readExecutionSearch(search) }
  return lastParsed.parsed
}

function readExecutionSearch(search: string): ExecutionSearch {
  const params = new URLSearchParams(search)
  const after = cursorSchema.parse(params.get('after'))
  return {
    states: parseStates(params.getAll('state')),
    metadata: parseMetadata(params),
    size: sizeSchema.parse(Number(params.get('size') ?? DEFAULT_PAGE_SIZE)),
    after,
    trail: normaliseTrail(after, trailSchema.parse(params.getAll('trail'))),
    skipped: after === null ? 0 : skippedSchema.parse(Number(params.get('skipped') ?? 0)),
  }
}

const OWNED_PARAMS = ['state', 'size', 'after', 'trail', 'skipped']

/** Writes the search into the URL's params, keeping params that other views own. */
export function writeExecutionSearch(search: ExecutionSearch, current: string): URLSearchParams {
  const params = new URLSearchParams(current)
  for (const name of [...params.keys()]) {
    if (OWNED_PARAMS.includes(name) || name.startsWith(METADATA_PREFIX)) params.delete(name)
  }
  for (const state of search.states) params.append('state', state)
  for (const entry of search.metadata) {
    for (const value of entry.values) params.append(`${METADATA_PREFIX}${entry.key}`, value)
  }
  if (search.size !== DEFAULT_PAGE_SIZE) params.set('size', String(search.size))
  if (search.after !== null) {
    params.set('after', search.after)
    for (const cursor of search.trail) params.append('trail', cursor)
    if ((search.skipped ?? 0) > 0) params.set('skipped', String(search.skipped))
  }
  return params
}

export function hasFilters(search: ExecutionSearch): boolean {
  return search.states.length > 0 || search.metadata.length > 0
}
