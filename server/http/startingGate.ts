import type { ServerResponse } from 'node:http'
import { sendJsonError } from './json.ts'

/** What /readyz says, and an API request hears after waiting, while the dashboard is being built. */
export const STARTING = { status: 'starting', reason: 'its store is opening' } as const
/** How long an API request that came before the dashboard waits for it. */
export const STARTING_WAIT_MS = 30_000

/** 503 `starting`, with when to try again. */
export function sendStarting(res: ServerResponse): void {
  res.setHeader('Retry-After', '5')
  sendJsonError(res, 503, 'starting', `The dashboard is starting: ${STARTING.reason}; try again shortly.`)
}

/**
 * A dashboard being built (its store opening, seconds on a first start) behind a server that already listens: the
 * page and health answer at once; an API request waits for the dashboard, up to `waitMs` from the start, then hears
 * it is starting. For the production server and for `vite`/`vite preview` alike.
 */
export function startingGate<T>(building: Promise<T>, waitMs = STARTING_WAIT_MS) {
  let ready: T | null = null
  let failed = false
  building.then(
    (built) => {
      ready = built
    },
    () => {
      failed = true
    },
  )
  const startedAt = Date.now()
  const whenStarted = () =>
    Promise.race([
      building.catch(() => null),
      new Promise<null>((resolve) => setTimeout(resolve, Math.max(0, startedAt + waitMs - Date.now()), null)),
    ])
  return {
    /** The dashboard once built; null until then (and for good when building failed). */
    current: (): T | null => ready,
    /** Runs `then` with the dashboard once it is there; else answers 503 `starting` with Retry-After, or 500. */
    hold(res: ServerResponse, then: (built: T) => void): void {
      void whenStarted().then((built) => {
        if (built) return then(built)
        // Its server says why in its log (a data directory another process holds, a database that refused).
        if (failed)
          return sendJsonError(
            res,
            500,
            'internal_error',
            'The dashboard’s server could not start; its log says why.',
          )
        sendStarting(res)
      })
    },
  }
}
