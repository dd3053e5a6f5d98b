import type { Page, Request } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { shownNotices, withBackgroundTab } from './support/backgroundTab.ts'
import { startExtraDashboard } from './support/dashboardStack.ts'
import { allDemoExecutions } from './support/demoQuery.ts'
import { executionRows } from './support/executionsPage.ts'

const STREAM_PATHS = ['/api/live', '/api/watches/stream']

/** The event streams a tab asked for, and those it holds open now. */
function streamsOf(page: Page) {
  const asked: URL[] = []
  const open = new Set<Request>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!STREAM_PATHS.includes(url.pathname)) return
    asked.push(url)
    open.add(request)
  })
  const ended = (request: Request) => void open.delete(request)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return { asked, open: () => [...open].map((request) => new URL(request.url()).pathname) }
}

test('a tab holds one stream, with its watches; a hidden tab holds none and shows what came meanwhile', async ({
  context,
  demo,
}) => {
  test.setTimeout(150_000)
  const dashboard = await startExtraDashboard({})
  try {
    const started = (await allDemoExecutions({ states: ['started'] })).map((row) => row.id)
    expect(started.length).toBeGreaterThan(0)
    const address = `${dashboard.baseURL}/?state=started&size=100`
    // The first tab: the browser's keeper, which keeps its stream in the background.
    const first = await context.newPage()
    const hideFirst = await withBackgroundTab(first)
    const firstStreams = streamsOf(first)
    await first.goto(address)
    await expect(executionRows(first).first()).toBeVisible()
    await expect(first.getByRole('button', { name: /^Watches/ })).toBeVisible()
    for (const id of started) {
      const answer = await first.request.post(`${dashboard.baseURL}/api/watches`, {
        data: { kind: 'execution', executionId: id },
      })
      expect(answer.status()).toBe(201)
    }
    // The tab hears its watches on its one stream.
    await expect(first.getByRole('button', { name: `Watches (${started.length})` })).toBeVisible()
    await expect.poll(() => firstStreams.open()).toEqual(['/api/live'])

    const second = await context.newPage()
    const hideSecond = await withBackgroundTab(second)
    const secondStreams = streamsOf(second)
    await second.goto(address)
    await expect(executionRows(second).first()).toBeVisible()
    await expect(second.getByRole('button', { name: `Watches (${started.length})` })).toBeVisible()
    await expect.poll(() => secondStreams.open()).toEqual(['/api/live'])
    const watchStreams = () =>
      [...firstStreams.asked, ...secondStreams.asked].filter((url) => url.pathname !== '/api/live')
    expect(watchStreams()).toEqual([])
    // The server has looked at each watch once before anything changes (that first look is no news).
    await expect
      .poll(
        async () => {
          const answer = await first.request.get(`${dashboard.baseURL}/api/watches`)
          const list = (await answer.json()) as { watches: { seen: { state?: string } | null }[] }
          return list.watches.every((watch) => watch.seen?.state === 'started')
        },
        { timeout: 30_000 },
      )
      .toBe(true)

    // Hidden, the second tab holds no stream; the first, the keeper, keeps its own.
    await hideSecond(true)
    await expect.poll(() => secondStreams.open()).toEqual([])
    await hideFirst(true)
    const firstAsked = firstStreams.asked.length
    let finished: string | undefined
    while (!finished) finished = (await demo.tick()).finished.find((id) => started.includes(id))

    // The keeper tells it in the background: the title's count and one system notification.
    await expect(first).toHaveTitle(/^\(1\) Executions/, { timeout: 30_000 })
    expect((await shownNotices(first)).map((notice) => notice.title)).toEqual([
      expect.stringContaining(finished),
    ])
    expect(firstStreams.open()).toEqual(['/api/live'])
    expect(firstStreams.asked).toHaveLength(firstAsked)
    expect(secondStreams.open()).toEqual([])

    // Shown again, the second tab opens one stream, says what it heard, and shows the notice it missed.
    const reopened = secondStreams.asked.length
    await hideSecond(false)
    const toast = second.getByRole('article', {
      name: new RegExp(`Watched execution ${finished}: started → `),
    })
    await expect(toast).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => secondStreams.open()).toEqual(['/api/live'])
    expect(secondStreams.asked.slice(reopened).map((url) => url.searchParams.has('notices_after'))).toEqual([
      true,
    ])
    // One system notification per notice across the tabs: the keeper's.
    expect(await shownNotices(second)).toEqual([])
    expect(watchStreams()).toEqual([])
  } finally {
    await dashboard.close()
  }
})
