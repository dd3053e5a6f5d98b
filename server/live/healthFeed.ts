import type { Credentials } from '../auth/credentials.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import type { ApiHealth } from '../upstream/health.ts'
import { LIST_EXECUTIONS } from '../upstream/operations.ts'

/** While the API is down, it is asked this often whether it is back. */
const PROBE_MS = 2_000
/** While it answers, a probe goes out only when no call has told anything of it for this long. */
const QUIET_MS = 4_000
const PROBE_BODY = Buffer.from(JSON.stringify({ page: { first: 1 } }))

/**
 * Whether the API answers, for every tab's live stream (`health`): said as each tab joins and at once when it
 * changes, whatever call learned it, so the header says "API unreachable" or "Connected" within seconds both
 * ways. The calls the server makes anyway tell it; only when none has for a few seconds (or the API is down) does
 * one small list call, with a watching tab's credentials, ask: one for every tab, never one per tab.
 */
export function createHealthFeed(
  client: UpstreamClient,
  options: { probeMs?: number; quietMs?: number } = {},
) {
  const probeMs = options.probeMs ?? PROBE_MS
  const quietMs = options.quietMs ?? QUIET_MS
  const watchers = new Map<number, { credentials: Credentials; send: (health: ApiHealth) => void }>()
  let next = 0
  let probing = false
  let timer: NodeJS.Timeout | undefined
  const unlisten = client.health.listen((health) => {
    for (const watcher of watchers.values()) watcher.send(health)
  })
  const probe = async () => {
    const health = client.health.current()
    const quiet = Date.now() - client.health.lastHeardAt() > quietMs
    const watcher = [...watchers.values()].at(-1)
    if (probing || !watcher || (health?.reachable !== false && !quiet)) return
    probing = true
    try {
      await client.call({
        operation: LIST_EXECUTIONS,
        body: PROBE_BODY,
        authorization: watcher.credentials.authorization,
        // Not behind the back-off the failures it finds put the waiting lanes in (up to 60 s): it is what ends it.
        lane: 'health',
      })
    } catch {
      // What it learned is in the client's health; nothing else to do with it here.
    } finally {
      probing = false
    }
  }
  return {
    subscribe(credentials: Credentials, send: (health: ApiHealth) => void): () => void {
      const id = next++
      watchers.set(id, { credentials, send })
      const known = client.health.current()
      if (known) send(known)
      if (!timer) {
        timer = setInterval(() => void probe(), probeMs)
        timer.unref()
      }
      return () => {
        watchers.delete(id)
        if (watchers.size === 0) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
    close() {
      clearInterval(timer)
      unlisten()
    },
  }
}

export type HealthFeed = ReturnType<typeof createHealthFeed>
