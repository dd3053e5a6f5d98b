import type { IncomingMessage } from 'node:http'
import type { Identity } from '../audit/identity.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import {
  addWatchRoute,
  stopWatchRoute,
  WATCH_STOP_PATH,
  WATCH_STREAM_PATH,
  WATCHES_PATH,
  watchesRoute,
  watchStreamRoute,
} from '../routes/watches.ts'
import type { OwnAction, OwnRoute } from '../routes/api.ts'
import type { Store } from '../store/store.ts'
import type { UpstreamConfig } from '../upstream/config.ts'
import { createWatchFollower } from '../watch/follower.ts'
import { createWatchBook } from '../watch/watchBook.ts'
import { createWebhook } from '../watch/webhook.ts'
import type { DashboardSettings } from './config.ts'

/** Watches and notices (issue 23 §3): the book in the store, one follower per replica, the routes. */
export function createWatching(options: {
  store: Store | null
  index: ExecutionIndex | null
  upstream: UpstreamConfig
  upstreamName: () => string
  settings: DashboardSettings
  identify: (req: IncomingMessage, credentials: Credentials) => Identity
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
    identify: options.identify,
    trust: settings.trust,
    streamsPerAddress: settings.streamsPerAddress,
  }
  const routes: Record<string, OwnRoute> = {
    [WATCHES_PATH]: watchesRoute(routeOptions),
    [WATCH_STREAM_PATH]: watchStreamRoute(routeOptions),
  }
  const actions: Record<string, OwnAction> = {
    [WATCHES_PATH]: addWatchRoute(routeOptions),
    [WATCH_STOP_PATH]: stopWatchRoute(routeOptions),
  }
  return {
    routes,
    actions,
    follower,
    prune: () => book?.prune(),
    close: async () => {
      follower?.endStreams()
      await follower?.close()
    },
  }
}
