import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Watch, WatchNotice } from '../../api/watches'
import { AnnouncerHost } from '../../components/AnnouncerHost'
import { useLiveFeed } from '../../components/liveFeed'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { wholeText } from '../../test/wholeText'
import { renderWithProviders } from '../../test/renderWithProviders'
import { noticeSlice, withNotice } from './noticeSlice'
import { WatchTools } from './WatchTools'
import { WatchRowsProvider } from './WatchRows'
import { WatchToggle } from './WatchToggle'
import { FakeEventSource } from '../../test/fakeEventSource'

setUpMswServer()

const NOW = Date.now()
const watched: Watch[] = [
  {
    id: 'w1',
    kind: 'execution',
    label: 'e-1',
    executionId: 'e-1',
    view: null,
    threshold: null,
    createdAt: NOW,
    seen: { at: NOW - 2_000, state: 'started', outcomePending: false },
    notifiedAt: null,
    waiting: 0,
  },
  {
    id: 'w2',
    kind: 'view',
    label: 'Prod failures',
    executionId: null,
    view: 'm.env=production',
    threshold: { state: 'failed', count: 10, minutes: 15 },
    createdAt: NOW,
    seen: { at: NOW - 2_000, count: 12, exact: false, above: true },
    notifiedAt: NOW,
    waiting: 2,
  },
]

const notice = (seq: number, executionId: string | null = 'e-1'): WatchNotice => ({
  seq,
  watchId: 'w1',
  at: NOW,
  title: `Watched execution e-1: started → failed (${seq})`,
  body: `e-1: started → failed (${seq})`,
  changes: 1,
  executionId,
})

let posted: { path: string; body: unknown }[] = []
beforeEach(() => {
  posted = []
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  mswServer.use(
    http.get('*/api/watches', () => HttpResponse.json({ watches: watched, webhook: true })),
    http.post('*/api/watches', async ({ request }) => {
      const body = (await request.json()) as { executionId?: string; label?: string }
      posted.push({ path: 'add', body })
      return HttpResponse.json(
        { ...watched[0], id: 'w3', label: body.label ?? body.executionId },
        { status: 201 },
      )
    }),
    http.post('*/api/watches/stop', async ({ request }) => {
      posted.push({ path: 'stop', body: await request.json() })
      return HttpResponse.json({ removed: true })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** The tab's one stream (components/liveFeed.ts), with live refresh off: it carries the watches alone. */
function TabStream() {
  useLiveFeed({ first: 20, after: null, states: [], metadata: [] }, false)
  return null
}

function renderTools(onOpenExecution = vi.fn()) {
  const view = renderWithProviders(
    <>
      <TabStream />
      <WatchTools search="?m.env=production&size=50" executionId="e-1" onOpenExecution={onOpenExecution} />
      <WatchRowsProvider>
        <WatchToggle executionId="e-1" />
        <WatchToggle executionId="e-2" />
      </WatchRowsProvider>
      <AnnouncerHost />
    </>,
  )
  return { ...view, onOpenExecution }
}

describe('watches in the page', () => {
  it('lists what the server last saw of each watch and where from, and stops one', async () => {
    const user = userEvent.setup()
    renderTools()
    await user.click(await screen.findByRole('button', { name: 'Watches (2)' }))
    const dialog = screen.getByRole('dialog', { name: 'Watches' })
    const list = within(dialog).getByRole('list', { name: 'Watched' })
    expect(list).toHaveTextContent('e-1 Started, as the dashboard’s index saw it')
    expect(list).toHaveTextContent(
      'Prod failures at least 12 now: over its threshold (more than 10 failed in the last 15 minutes)',
    )
    expect(list).toHaveTextContent('2 change(s) wait for the next notice.')
    expect(dialog).toHaveTextContent('also posted to the team’s webhook')
    await user.click(within(list).getByRole('button', { name: 'Stop watching Prod failures' }))
    await waitFor(() => expect(posted).toEqual([{ path: 'stop', body: { id: 'w2' } }]))
    expect(await screen.findByText(wholeText('Stopped watching Prod failures.'))).toBeInTheDocument()
  })

  it('watches the view on screen with a threshold, and says what is wrong with one', async () => {
    const user = userEvent.setup()
    renderTools()
    await user.click(await screen.findByRole('button', { name: 'Watches (2)' }))
    const dialog = screen.getByRole('dialog', { name: 'Watches' })
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('Failures: env=production')
    await user.clear(name)
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'in the last (minutes)' }))
    await user.click(within(dialog).getByRole('button', { name: 'Watch this view' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Give the watch a name. "In the last" must be from 1 to 10080 minutes.',
    )
    expect(posted).toEqual([])
    await user.type(name, 'Prod')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'in the last (minutes)' }), '60')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'are' }), 'started')
    await user.click(within(dialog).getByRole('button', { name: 'Watch this view' }))
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: 'add',
          body: {
            kind: 'view',
            view: 'm.env=production',
            label: 'Prod',
            threshold: { state: 'started', count: 10, minutes: 60 },
          },
        },
      ]),
    )
  })

  it('toggles a watch from a row, and offers watching the open execution in the palette', async () => {
    const user = userEvent.setup()
    const { commands } = renderTools()
    const one = await screen.findByRole('button', { name: 'Watch e-1' })
    expect(one).toHaveAttribute('aria-pressed', 'true')
    expect(one).toHaveTextContent('Watching')
    await user.click(screen.getByRole('button', { name: 'Watch e-2' }))
    await waitFor(() =>
      expect(posted).toEqual([{ path: 'add', body: { kind: 'execution', executionId: 'e-2' } }]),
    )
    const offered = commands.list()
    expect(offered.map((command) => command.label)).toEqual(
      expect.arrayContaining([
        'Watches',
        'Watch this view…',
        'Stop watching e-1',
        'Stop watching Prod failures',
      ]),
    )
    act(() => offered.find((command) => command.label === 'Stop watching e-1')?.run())
    await waitFor(() => expect(posted.at(-1)).toEqual({ path: 'stop', body: { id: 'w1' } }))
    act(() =>
      commands
        .list()
        .find((command) => command.id === 'watch-view')
        ?.run(),
    )
    expect(await screen.findByRole('dialog', { name: 'Watches' })).toBeInTheDocument()
  })

  it('shows each notice of the stream once, as a toast that opens its execution, and counts hidden ones in the title', async () => {
    const user = userEvent.setup()
    document.title = 'Executions · Execution Dashboard'
    const { onOpenExecution, queryClient, store } = renderTools()
    await screen.findByRole('button', { name: 'Watches (2)' })
    const stream = FakeEventSource.last
    expect(stream?.url).toBe('/api/live?view=0&watches=1')
    stream?.emit('watches', { watches: [watched[0]], webhook: false })
    expect(await screen.findByRole('button', { name: 'Watches (1)' })).toBeInTheDocument()
    expect(queryClient.getQueryData(['watches'])).toEqual({ watches: [watched[0]], webhook: false })

    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    stream?.emit('notice', notice(1))
    stream?.emit('notice', notice(1))
    stream?.emit('notice', { seq: 'not a notice' })
    await waitFor(() => expect(document.title).toBe('(1) Executions · Execution Dashboard'))
    hidden.mockReturnValue('visible')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await waitFor(() => expect(document.title).toBe('Executions · Execution Dashboard'))

    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(within(region).getAllByRole('article')).toHaveLength(1)
    await user.click(within(region).getByRole('button', { name: 'Open e-1' }))
    expect(onOpenExecution).toHaveBeenCalledWith('e-1')
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }))
    expect(within(region).queryAllByRole('article')).toHaveLength(0)

    act(() => {
      for (const seq of [2, 3, 4, 5])
        store.set(noticeSlice, (state) => withNotice(state, notice(seq, null), false))
    })
    expect(within(region).getAllByRole('article')).toHaveLength(3)
    expect(region).toHaveTextContent('1 more in Watches.')
    await user.click(within(region).getByRole('button', { name: 'Dismiss all' }))
    expect(within(region).queryAllByRole('article')).toHaveLength(0)
  })

  it('holds the place of a row’s Watch, hidden and inert, until the list of watches is there', async () => {
    renderTools()
    const held = screen.getAllByText('Watch', { exact: true })
    expect(held).toHaveLength(2)
    for (const place of held) expect(place).toHaveAttribute('aria-hidden', 'true')
    expect(screen.queryByRole('button', { name: 'Watch e-2' })).not.toBeInTheDocument()
    await screen.findByRole('button', { name: 'Watch e-2' })
    // The places' words are now the buttons' own.
    for (const button of screen.getAllByText(/^Watch(ing)?$/))
      expect(button).not.toHaveAttribute('aria-hidden')
  })

  it('offers nothing on a server that keeps no watches (no index)', async () => {
    mswServer.use(
      http.get('*/api/watches', () =>
        HttpResponse.json(
          { error: { code: 'store_unavailable', message: 'Watches need the index.' } },
          { status: 503 },
        ),
      ),
    )
    renderTools()
    await waitFor(() => expect(FakeEventSource.last?.closed).toBe(true))
    expect(screen.queryByRole('button', { name: /Watch/ })).not.toBeInTheDocument()
    // No place is held for a button that will not come.
    await waitFor(() => expect(screen.queryByText('Watch', { exact: true })).not.toBeInTheDocument())
  })
})
