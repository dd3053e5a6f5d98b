import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdUntilFirstScreen, onceFirstScreenShown, useFirstScreenGate } from './firstScreen'
import { executionKeys } from './queryKeys'
import { sessionKeys } from './session'

let clients: QueryClient[] = []
afterEach(() => {
  for (const client of clients) client.clear()
  clients = []
})

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  clients.push(client)
  holdUntilFirstScreen(client)
  const asked: string[] = []
  const watch = (key: readonly unknown[], answer: () => Promise<unknown> = () => Promise.resolve(key[0])) => {
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        asked.push(JSON.stringify(key))
        return answer()
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    return unsubscribe
  }
  return { client, asked, watch }
}

describe('the first screen goes first', () => {
  it('holds every other query until a page of executions has its answer, then asks them once', async () => {
    const { asked, watch } = setUp()
    let answerList: (value: unknown) => void = () => {}
    watch(['overview', 'x'])
    watch(['watches'])
    watch(sessionKeys.all, () => Promise.resolve({ signedIn: true, mode: 'server-token' }))
    watch(executionKeys.list({ first: 20 }), () => new Promise((resolve) => (answerList = resolve)))
    await vi.waitFor(() => expect(asked).toHaveLength(2))
    expect(asked).toEqual(['["session"]', '["executions","list",{"first":20}]'])
    answerList({ data: [] })
    await vi.waitFor(() => expect(asked).toHaveLength(4))
    expect(asked.slice(2).sort()).toEqual(['["overview","x"]', '["watches"]'])
    // Open from then on: a query mounted later goes at once.
    watch(['links'])
    await vi.waitFor(() => expect(asked).toContain('["links"]'))
  })

  it('runs what waits for the first screen once, after its answer, and at once on a client without the hold', async () => {
    const { client, asked, watch } = setUp()
    const ran = vi.fn()
    onceFirstScreenShown(client, ran)
    let answerList: (value: unknown) => void = () => {}
    watch(executionKeys.list({ first: 20 }), () => new Promise((resolve) => (answerList = resolve)))
    watch(['overview', 'x'])
    await vi.waitFor(() => expect(asked).toEqual(['["executions","list",{"first":20}]']))
    expect(ran).not.toHaveBeenCalled()
    answerList({ data: [] })
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1))
    client.setQueryData(['first-screen-shown'], true)
    expect(ran).toHaveBeenCalledTimes(1)

    const unheld = new QueryClient()
    clients.push(unheld)
    const atOnce = vi.fn()
    onceFirstScreenShown(unheld, atOnce)
    expect(atOnce).toHaveBeenCalledTimes(1)
  })

  it('opens on the audit trail’s page, and on a session that is not signed in', async () => {
    const audit = setUp()
    audit.watch(['triage'])
    audit.watch(['audit', { action: 'all' }])
    await vi.waitFor(() => expect(audit.asked).toContain('["triage"]'))

    const signIn = setUp()
    signIn.watch(['upstreams'])
    signIn.watch(sessionKeys.all, () => Promise.resolve({ signedIn: false, mode: 'sign-in' }))
    await vi.waitFor(() => expect(signIn.asked).toContain('["upstreams"]'))
  })

  it('holds again for the next session once its answers are forgotten', async () => {
    const { client, asked, watch } = setUp()
    watch(executionKeys.list({ first: 20 }))
    watch(['watches'])
    await vi.waitFor(() => expect(asked).toContain('["watches"]'))
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] })
    asked.length = 0
    let answerList: (value: unknown) => void = () => {}
    watch(['digest'])
    watch(executionKeys.list({ first: 50 }), () => new Promise((resolve) => (answerList = resolve)))
    await vi.waitFor(() => expect(asked).toEqual(['["executions","list",{"first":50}]']))
    answerList({ data: [] })
    await vi.waitFor(() => expect(asked).toContain('["digest"]'))
  })
})

describe('a first screen that failed', () => {
  it('stays failed: opening the hold asks the held queries, never the failed list again', async () => {
    const { asked, watch } = setUp()
    watch(['overview'])
    watch(executionKeys.list({ first: 20 }), () => Promise.reject(new Error('HTTP 403')))
    await vi.waitFor(() => expect(asked).toContain('["overview"]'))
    expect(asked.filter((key) => key.startsWith('["executions"'))).toHaveLength(1)
  })
})

describe('the gate of the parts that wait for the first screen', () => {
  const gate = (client: QueryClient, graceMs: number) =>
    renderHook(() => useFirstScreenGate(graceMs), {
      wrapper: ({ children }: { children: ReactNode }) =>
        createElement(QueryClientProvider, { client }, children),
    })

  it('opens when the first screen is shown, and closes again for the next session', async () => {
    const { client, watch } = setUp()
    const { result } = gate(client, 60_000)
    expect(result.current).toBe(false)
    watch(executionKeys.list({ first: 20 }))
    await vi.waitFor(() => expect(result.current).toBe(true))
    // A session change forgets every answer: the gate hears it from the cache, not from a query it held.
    act(() => client.clear())
    await vi.waitFor(() => expect(result.current).toBe(false))
    watch(executionKeys.list({ first: 50 }))
    await vi.waitFor(() => expect(result.current).toBe(true))
  })

  it('opens after its grace when the first screen is slow, and at once without the hold', async () => {
    const { client, watch } = setUp()
    watch(executionKeys.list({ first: 20 }), () => new Promise(() => {}))
    const { result } = gate(client, 20)
    expect(result.current).toBe(false)
    await vi.waitFor(() => expect(result.current).toBe(true))
    const unheld = new QueryClient()
    clients.push(unheld)
    expect(gate(unheld, 60_000).result.current).toBe(true)
  })
})
