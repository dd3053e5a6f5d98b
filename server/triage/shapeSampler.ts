import { LRUCache } from 'lru-cache'
import { buildListBody } from '../../shared/listBody.ts'
import { rawUpdated, type IndexedExecution } from '../index/rows.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { parseListAnswer } from '../upstream/listPage.ts'
import { CallAbandonedError, UpstreamFailure } from '../upstream/request.ts'
import { attemptShape, type AttemptShape } from './attemptShape.ts'

/** Whose executions: the index partition that lists them, and the credential to read their attempts with. */
export interface ShapeScope {
  partition: string
  authorization: string
}

export interface ShapeReading {
  /** The shapes known for the rows as they are now (an execution that changed since is read again). */
  known: Map<string, AttemptShape>
  /** Rows whose attempts the API would not give (404, an unusable answer): never asked again until they change. */
  unreadable: number
  /** Rows queued or being read. */
  pending: number
}

interface Learned {
  updatedRaw: string
  shape: AttemptShape | null
}

interface Wanted {
  scope: ShapeScope
  id: string
  updatedRaw: string
  wantedAt: number
}

const MOST_CACHED = 200_000
/** Rows no board has asked for in this long are not read (their board closed). */
const FORGET_MS = 15_000
const MOST_QUEUED = 5_000
const CONCURRENCY = 4

const keyOf = (partition: string, id: string) => `${partition}\u0000${id}`
const UNUSABLE = new Set(['upstream_invalid_response', 'upstream_error_withheld'])

const isLasting = (error: unknown) =>
  error instanceof UpstreamFailure &&
  ((error.status >= 400 && error.status < 500 && error.status !== 429) || UNUSABLE.has(error.code))

/**
 * The attempts of sampled failures, read through the one upstream client in the `sample` lane (the smallest share,
 * beside live views and the index) and kept until the execution changes (its updated_at): a second look at a board costs no call.
 * Reading is asked for, never awaited: a board shows what is known and how much is still being read.
 */
export function createShapeSampler(deps: {
  client: UpstreamClient
  pageSize: () => number
  now?: () => number
  onError?: (what: string, error: unknown) => void
}) {
  const now = deps.now ?? Date.now
  // Read with peek: the first learned goes first, however often it is read. Bounded by size, one each, not by
  // `max`: lru-cache allocates `max` slots up front (32 ms and 5 MB at every start, for a cache most runs never fill).
  const learned = new LRUCache<string, Learned>({ maxSize: MOST_CACHED, sizeCalculation: () => 1 })
  const queue = new Map<string, Wanted>()
  const reading = new Set<string>()
  const controller = new AbortController()
  let generation = 0
  let calls = 0

  function remember(key: string, entry: Learned) {
    learned.set(key, entry)
    generation += 1
  }

  async function readOne(key: string, wanted: Wanted) {
    const { scope, id } = wanted
    const body = Buffer.from(JSON.stringify(buildListBody({ first: deps.pageSize() })))
    const path = `/executions/${encodeURIComponent(id)}/attempts`
    try {
      calls += 1
      const answer = await deps.client.call({
        operation: { operation: 'list_attempts', method: 'GET', path, executionId: id },
        body,
        authorization: scope.authorization,
        lane: 'sample',
        signal: controller.signal,
      })
      const page = parseListAnswer(answer)
      remember(key, { updatedRaw: wanted.updatedRaw, shape: attemptShape(page.rows, page.hasNext === true) })
    } catch (error) {
      if (error instanceof CallAbandonedError || controller.signal.aborted) return
      // A refusal or an unusable answer stays until the execution changes; a 429, 5xx or lost call is asked again.
      if (isLasting(error)) remember(key, { updatedRaw: wanted.updatedRaw, shape: null })
      else deps.onError?.('reading attempts for the failure board', error)
    }
  }

  function pump() {
    while (reading.size < CONCURRENCY && !controller.signal.aborted) {
      const next = queue.entries().next()
      if (next.done) return
      const [key, wanted] = next.value
      queue.delete(key)
      if (now() - wanted.wantedAt > FORGET_MS) continue
      reading.add(key)
      void readOne(key, wanted).finally(() => {
        reading.delete(key)
        pump()
      })
    }
  }

  return {
    /** The known shapes of these rows; the others are queued, in the order given. */
    read(scope: ShapeScope, rows: readonly IndexedExecution[]): ShapeReading {
      const known = new Map<string, AttemptShape>()
      let unreadable = 0
      let pending = 0
      const at = now()
      for (const row of rows) {
        const key = keyOf(scope.partition, row.id)
        const updatedRaw = rawUpdated(row) ?? ''
        const entry = learned.peek(key)
        if (entry && entry.updatedRaw === updatedRaw) {
          if (entry.shape) known.set(row.id, entry.shape)
          else unreadable += 1
          continue
        }
        pending += 1
        if (reading.has(key)) continue
        const queued = queue.get(key)
        if (queued) queued.wantedAt = at
        else if (queue.size < MOST_QUEUED) queue.set(key, { scope, id: row.id, updatedRaw, wantedAt: at })
      }
      pump()
      return { known, unreadable, pending }
    },
    /** Bumps whenever a shape is learned: an answer computed before it is out of date. */
    generation: () => generation,
    stats: () => ({ cached: learned.size, queued: queue.size, reading: reading.size, calls }),
    close() {
      controller.abort()
      queue.clear()
    },
  }
}

export type ShapeSampler = ReturnType<typeof createShapeSampler>
