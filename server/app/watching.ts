import type { ExecutionIndex } from '../index/executionIndex.ts'
import { addWatchRoute, stopWatchRoute, watchesRoute, watchStreamRoute } from '../routes/watches.ts'
import type { Store } from '../store/store.ts'
import type { UpstreamConfig } from '../upstream/config.ts'
import { createWatchFollower } from '../watch/follower.ts'
import { createWatchBook } from '../watch/watchBook.ts'
import { createWebhook } from '../watch/webhook.ts'
import type { DashboardSettings } from './config.ts'
import type { StreamTotal } from '../http/streamLimit.ts'

/** Watches and notices (issue 23 §3): the book in the store, one follower per replica, the routes. */
export function createWatching(options: {
  store: Store | null
  index: ExecutionIndex | null
  upstream: UpstreamConfig
  upstreamName: () => string
  settings: DashboardSettings
  streams: StreamTotal
  onError: (what: string, error: unknown) => void
}) {
  const { store, index, settings } = options
  const book = store ? createWatchBook(store, { retentionDays: settings.auditDays ?? 90 }) : null
  const follower =
    book && store && index
      ? createWatchFollower({
          book,
          index,
          store,
          upstream: options.upstreamName,
          webhook: settings.webhookUrl
            ? createWebhook(settings.webhookUrl, { onError: options.onError })
            : null,
          serverCredentials: options.upstream.token
            ? { authorization: `Bearer ${options.upstream.token}`, source: 'server' }
            : null,
          onError: options.onError,
        })
      : null
  const routeOptions = {
    book,
    follower,
    upstream: options.upstreamName,
    trust: settings.trust,
    streamsPerAddress: settings.streamsPerAddress,
    streams: options.streams,
  }
  return {
    routes: {
      watches: watchesRoute(routeOptions),
      watchStream: watchStreamRoute(routeOptions),
      addWatch: addWatchRoute(routeOptions),
      stopWatch: stopWatchRoute(routeOptions),
    },
    follower,
    prune: () => book?.prune(),
    close: async () => {
      follower?.endStreams()
      await follower?.close()
    },
  }
}
