import type { ListFilters } from '../../shared/filters.ts'
import type { TimeWindow } from '../../shared/timeWindow.ts'
import { rowsInView } from './counting.ts'
import { pageOfFamily, type IndexPage, type IndexPageRequest } from './indexPage.ts'
import type { IndexSettings } from './settings.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { Store } from '../store/store.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { FAMILY_IDLE_MS } from './family.ts'
import { createOverviewAnswers, type OverviewView } from './overviewAnswers.ts'
import { credentialKey, fingerprint, upstreamKey } from './fingerprint.ts'
import { observeAnswer } from './observe.ts'
import { INDEX_CHANNEL, updatePlannerStatistics } from './persistence.ts'
import { createRuntime, type Runtime } from './runtime.ts'
import type { Coverage, OverviewAnswer } from '../../shared/overview.ts'
import { createUpstreamFacts } from './upstreamFacts.ts'
import type { StateSpellings } from '../upstream/stateSpellings.ts'

const TICK_MS = 250
const FACTS_EVERY_MS = 5_000

/** What the overview shows for one set of filters: counts per state, and how complete they are. */
export type { OverviewAnswer } from '../../shared/overview.ts'

export type { OverviewView } from './overviewAnswers.ts'

export interface IndexOptions {
  client: UpstreamClient
  store: Store | null
  settings: IndexSettings
  /** The upstream's name (several APIs in one dashboard are told apart by it). */
  upstreamName?: string
  /** How the API spells states: the server's one speller, which the index learns into and keeps in the store. */
  spellings?: StateSpellings
  now?: () => number
  onError?: (what: string, error: unknown) => void
}

/** The server's index of executions: counts, coverage and changes for any filters, per credential. */
export async function createExecutionIndex(options: IndexOptions) {
  const { client, store, settings } = options
  const now = options.now ?? Date.now
  const onError = options.onError ?? (() => {})
  const upstream = upstreamKey(options.upstreamName ?? 'default', client.config)
  const key = await credentialKey(store)
  const facts = createUpstreamFacts(upstream, store, options.spellings)
  await facts.load().catch((error: unknown) => onError('reading what the index learned', error))
  const runtimes = new Map<string, Runtime>()
  // Best effort: without statistics a partition is still read back, only slower.
  let planning: Promise<void> | null = null
  const planned = () =>
    (planning ??= store
      ? updatePlannerStatistics(store).then(
          () => {},
          (error: unknown) => onError('updating the store’s statistics', error),
        )
      : Promise.resolve())
  /** Answers already read (by their bytes), so a read shared by many tabs is read once. */
  const observed = new WeakSet<Buffer>()
  let factsSavedAt = 0
  let ticking = false
  const unlisten = store ? await store.listen(INDEX_CHANNEL, (id) => runtimes.get(id)?.heardChange()) : null

  function runtimeFor(credentials: Credentials): Runtime {
    const credential = fingerprint(key, credentials.authorization)
    const id = `${upstream}:${credential}`
    let runtime = runtimes.get(id)
    if (!runtime) {
      runtime = createRuntime(id, credential, {
        client,
        store,
        facts,
        settings,
        upstream,
        now,
        onError,
        planned,
      })
      runtimes.set(id, runtime)
    }
    runtime.use(credentials.authorization)
    return runtime
  }

  async function tick() {
    if (ticking) return
    ticking = true
    try {
      for (const [id, runtime] of runtimes) {
        if (!runtime.watching() && now() - runtime.usedAt() > FAMILY_IDLE_MS) {
          runtimes.delete(id)
          await runtime.close()
          continue
        }
        await runtime.tick().catch((error: unknown) => onError('keeping the index', error))
      }
      if (now() - factsSavedAt > FACTS_EVERY_MS) {
        factsSavedAt = now()
        await facts.save().catch((error: unknown) => onError('saving what the index learned', error))
      }
    } finally {
      ticking = false
    }
  }
  const timer = setInterval(() => void tick(), TICK_MS)
  timer.unref()

  const { answer, boundsOf, readBackAnswer, followReadBack } = createOverviewAnswers(facts, now)

  return {
    upstream,
    facts,
    /** Counts for these filters now (a first request starts the scan that answers it). */
    async overview(
      credentials: Credentials,
      filters: ListFilters,
      view: OverviewView = {},
    ): Promise<OverviewAnswer> {
      const runtime = runtimeFor(credentials)
      const early = await readBackAnswer(runtime, credentials, filters, view)
      if (early) return early
      await runtime.loaded()
      runtime.partition.family(filters.metadata, credentials.client)
      const result = answer(runtime, filters, view)
      void tick()
      return result
    },
    /** Lets these filters be counted for this client (their family made), or throws why not (a Refusal). */
    async admit(credentials: Credentials, filters: ListFilters): Promise<void> {
      const runtime = runtimeFor(credentials)
      // A family the store had is no new one a cap could refuse: its stream starts while the rows are read back.
      if (await runtime.readBack(filters, credentials)) return
      await runtime.loaded()
      runtime.partition.family(filters.metadata, credentials.client).wantedAt = now()
    },
    /** A page of the filtered set from the index itself, in an order the API does not offer, with its coverage. */
    async page(
      credentials: Credentials,
      filters: ListFilters,
      request: Omit<IndexPageRequest, 'states' | 'window'> & { window?: TimeWindow },
    ): Promise<IndexPage & { coverage: Coverage }> {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      const family = runtime.partition.family(filters.metadata, credentials.client)
      family.wantedAt = now()
      void tick()
      const page = pageOfFamily(family, {
        ...request,
        states: filters.states,
        window: boundsOf({ window: request.window }),
      })
      return { ...page, coverage: answer(runtime, filters, { window: request.window }).coverage }
    },
    /** The filtered set within the window, every row as the index holds it, with its coverage (triage groups it). */
    async rows(credentials: Credentials, filters: ListFilters, window?: TimeWindow) {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      const family = runtime.partition.family(filters.metadata, credentials.client)
      family.wantedAt = now()
      void tick()
      const rows = rowsInView(family, filters.states, boundsOf({ window }))
      return { rows, coverage: answer(runtime, filters, { window }).coverage }
    },
    /** One execution as the index holds it (null: not seen), with the unfiltered set's coverage to judge a miss by. */
    async lookup(credentials: Credentials, id: string) {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      void tick()
      return {
        row: runtime.partition.rows.get(id) ?? null,
        coverage: answer(runtime, { states: [], metadata: [] }).coverage,
      }
    },
    /**
     * Several executions as the index holds them (null: not seen), in the order asked: a bulk run's members. One
     * read of the rows, without the coverage `lookup` computes (a count of the whole set) for each; like it, it
     * keeps the unfiltered set refreshed, so asking again shows where they stand now.
     */
    async rowsOf(credentials: Credentials, ids: readonly string[]) {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      runtime.partition.family([]).wantedAt = now()
      void tick()
      return ids.map((id) => runtime.partition.rows.get(id) ?? null)
    },
    /**
     * Keeps the family of these filters refreshed (every refreshMs) until the returned stop, without computing any
     * answer; `urgent` executions have their outcome read before others'. What a watch asks of the index.
     */
    async keepFresh(credentials: Credentials, filters: ListFilters, urgent: readonly string[] = []) {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      const family = runtime.partition.family(filters.metadata, credentials.client)
      family.wantedAt = now()
      runtime.partition.hurry(urgent, now() + 2 * settings.refreshMs + 30_000)
      const stop = runtime.watch(family)
      void tick()
      let stopped = false
      // Idempotent: a second call must not take away another watcher's share.
      return () => {
        if (!stopped) stop()
        stopped = true
      }
    },
    /** Which partition answers these credentials, and its version: an answer computed over it is good until it bumps. */
    async version(credentials: Credentials): Promise<{ partition: string; version: number }> {
      const runtime = runtimeFor(credentials)
      await runtime.loaded()
      return { partition: runtime.id, version: runtime.partition.version() }
    },
    /** Calls `onChange` with fresh counts whenever the index of these filters changes, until unsubscribed. */
    async watch(
      credentials: Credentials,
      filters: ListFilters,
      onChange: (overview: OverviewAnswer) => void,
      view: OverviewView = {},
      /** How often the viewer's own list is refreshed: the family is refreshed no more often than that. */
      everyMs?: number,
    ): Promise<() => void> {
      const runtime = runtimeFor(credentials)
      let stopped = false
      let stop = () => {
        stopped = true
      }
      const start = () => {
        if (stopped) return
        const family = runtime.partition.family(filters.metadata, credentials.client)
        const unwatch = runtime.watch(family, everyMs)
        let last = ''
        const push = () => {
          runtime.use(credentials.authorization)
          const overview = answer(runtime, filters, view)
          const text = JSON.stringify({ ...overview, generatedAt: 0 })
          if (text === last) return
          last = text
          onChange(overview)
        }
        const unsubscribe = runtime.partition.onChange(push)
        push()
        void tick()
        stop = () => {
          unsubscribe()
          unwatch()
        }
      }
      // While the rows are read back the viewer has counts at once (over any time from the family's summary, in a
      // window of the rows read so far), and the index's own once they are in. The family was stored, so it is no
      // new one a cap could refuse.
      const early = await readBackAnswer(runtime, credentials, filters, view)
      if (early) {
        onChange(early)
        // A window's counts grow as its rows come in; the counts over any time are already what they will be.
        const unfollow = early.window
          ? followReadBack(runtime, credentials, filters, view, onChange, (error) =>
              onError('watching the index', error),
            )
          : () => {}
        stop = () => {
          stopped = true
          unfollow()
        }
        void runtime.loaded().then(() => {
          unfollow()
          try {
            start()
          } catch (error) {
            onError('watching the index', error)
          }
        })
      } else {
        await runtime.loaded()
        start()
      }
      return () => stop()
    },
    /** Learns from an answer the proxy relayed (rows of a list page, a reschedule's execution). */
    observe(
      credentials: Credentials,
      operation: { operation: string },
      body: Buffer,
      answerBytes: { status: number; body: Buffer; sentAt?: number },
    ) {
      // Tabs that shared one read were all handed the same bytes: the index reads them once.
      if (observed.has(answerBytes.body)) return
      observed.add(answerBytes.body)
      const credential = fingerprint(key, credentials.authorization)
      observeAnswer(
        runtimes.get(`${upstream}:${credential}`) ?? null,
        facts,
        operation,
        body,
        answerBytes,
        // The API's word as of when it was asked: a page asked before a reschedule never undoes it.
        answerBytes.sentAt ?? now(),
      )
    },
    /** The largest page the API accepts, once learned. */
    pageSize: () => facts.pageSize(),
    stats: () => ({
      partitions: runtimes.size,
      executions: [...runtimes.values()].reduce((sum, runtime) => sum + runtime.partition.rows.size, 0),
      families: [...runtimes.values()].reduce((sum, runtime) => sum + runtime.partition.families.size, 0),
    }),
    async close() {
      clearInterval(timer)
      await unlisten?.()
      for (const runtime of runtimes.values()) await runtime.close()
      runtimes.clear()
      await facts.save().catch(() => {})
    },
  }
}

export type ExecutionIndex = Awaited<ReturnType<typeof createExecutionIndex>>
