import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { columnsSlice, densitySlice, timeModeSlice } from '../../components/preferences'
import { createClientStore } from '../../lib/clientStore'
import { serializeColumnLayout } from '../../lib/columnLayout'
import { useSlice } from '../../lib/useClientStore'
import { renderWithProviders } from '../../test/renderWithProviders'
import { serializeViews } from './savedViews'
import { applyDefaultViewOnStart } from './startup'
import { ViewsBar } from './ViewsBar'

const VIEWS_STORAGE_KEY = 'execution-dashboard:views'

afterEach(() => {
  window.localStorage.clear()
  window.history.replaceState(null, '', '/')
})

function TimeShown() {
  const density = useSlice(densitySlice)
  const columns = useSlice(columnsSlice)
  return (
    <>
      <output aria-label="Times">{useSlice(timeModeSlice)}</output>
      <output aria-label="Layout">{`${density} ${serializeColumnLayout(columns)}`}</output>
    </>
  )
}

function renderBar(search: string, onNavigate = vi.fn(), store = createClientStore()) {
  const view = renderWithProviders(
    <>
      <ViewsBar search={search} onNavigate={onNavigate} />
      <TimeShown />
    </>,
    undefined,
    store,
  )
  return { ...view, onNavigate }
}

const dialog = () => screen.getByRole('dialog', { name: 'Saved views' })
const stored = (views: object[], defaultId: string | null = null) =>
  window.localStorage.setItem(VIEWS_STORAGE_KEY, serializeViews({ views: views as never, defaultId }))

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Views…' }))
  return screen.findByRole('dialog', { name: 'Saved views' })
}

describe('ViewsBar', () => {
  it('saves the current view without its position, and names the view shown', async () => {
    renderBar('?state=failed&after=c1&execution=e1')
    expect(screen.getByRole('region', { name: 'Views' })).toHaveTextContent('View: unsaved')
    await userEvent.type(within(await openDialog()).getByLabelText('View name'), 'Failed{Enter}')
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Saved the view “Failed”.')
    expect(JSON.parse(window.localStorage.getItem(VIEWS_STORAGE_KEY) ?? '')).toMatchObject({
      version: 1,
      views: [
        { name: 'Failed', query: 'state=failed', time: 'relative', columns: '', density: 'comfortable' },
      ],
    })
    expect(within(dialog()).getByRole('button', { name: 'Open view Failed' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  it('opens a view into the URL (keeping the open execution) with its Times, columns and density', async () => {
    stored([
      {
        id: 'v',
        name: 'UTC failed',
        query: 'state=failed',
        time: 'utc',
        columns: 'state,-created_at',
        density: 'compact',
      },
    ])
    const { onNavigate } = renderBar('?execution=e1')
    await userEvent.click(within(await openDialog()).getByRole('button', { name: 'Open view UTC failed' }))
    expect(onNavigate).toHaveBeenCalledWith(new URLSearchParams('state=failed&execution=e1'), 'push')
    expect(screen.getByRole('status', { name: 'Times' })).toHaveTextContent('utc')
    expect(screen.getByRole('status', { name: 'Layout' })).toHaveTextContent('compact state,-created_at')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('renames (refusing a taken name), deletes with Undo, and toggles the default', async () => {
    stored([
      { id: 'a', name: 'First', query: 'state=failed', time: null },
      { id: 'b', name: 'Second', query: 'state=started', time: null },
    ])
    renderBar('')
    const views = await openDialog()
    await userEvent.click(within(views).getByRole('button', { name: 'Rename First' }))
    const name = within(views).getByLabelText('New name for First')
    await userEvent.clear(name)
    await userEvent.type(name, 'second{Enter}')
    expect(within(views).getByRole('alert')).toHaveTextContent('A view named “second” already exists.')
    await userEvent.clear(name)
    await userEvent.type(name, 'Renamed{Enter}')
    expect(within(views).getByRole('button', { name: 'Open view Renamed' })).toBeInTheDocument()

    await userEvent.click(within(views).getByRole('button', { name: 'Open Second by default' }))
    expect(within(views).getByRole('button', { name: 'Stop opening Second by default' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(within(views).getByRole('button', { name: 'Delete Second' }))
    expect(within(views).queryByRole('button', { name: 'Open view Second' })).not.toBeInTheDocument()
    await userEvent.click(within(views).getByRole('button', { name: 'Undo' }))
    expect(within(views).getByRole('button', { name: 'Open view Second' })).toBeInTheDocument()
    await userEvent.click(within(views).getByRole('button', { name: 'Stop opening Second by default' }))
    expect(within(views).getByRole('status')).toHaveTextContent('No view opens by default now.')
  })

  it('follows another tab that changed the views', () => {
    renderBar('?state=failed')
    act(() => {
      stored([{ id: 'a', name: 'From the other tab', query: 'state=failed', time: null }])
      window.dispatchEvent(new StorageEvent('storage', { key: VIEWS_STORAGE_KEY }))
    })
    expect(screen.getByRole('region', { name: 'Views' })).toHaveTextContent('View: From the other tab')
  })

  it('imports a views file and says what it did; a foreign file changes nothing', async () => {
    renderBar('')
    const views = await openDialog()
    const input = within(views).getByLabelText('Views file to import')
    const file = (text: string) => new File([text], 'views.json', { type: 'application/json' })
    const good = serializeViews({
      views: [{ id: 'x', name: 'Imported', query: 'size=50', time: null, columns: null, density: null }],
      defaultId: null,
    })
    fireEvent.change(input, { target: { files: [file(good)] } })
    await waitFor(() =>
      expect(within(views).getByRole('status')).toHaveTextContent('Imported 1 new and 0 replaced views.'),
    )
    fireEvent.change(input, { target: { files: [file('{"a":1}')] } })
    await waitFor(() => expect(within(views).getByRole('status')).toHaveTextContent('not a views file'))
  })

  it('offers to save a shared view with the link’s Times setting, then drops the offer from the URL', async () => {
    const { onNavigate } = renderBar('?state=failed&save-view=Shared&save-view-time=local')
    // The offer loads on demand, only for such links.
    const offer = await screen.findByRole('form', { name: 'Save the shared view' })
    await userEvent.click(within(offer).getByRole('button', { name: 'Save view' }))
    expect(JSON.parse(window.localStorage.getItem(VIEWS_STORAGE_KEY) ?? '')).toMatchObject({
      views: [{ name: 'Shared', query: 'state=failed', time: 'local' }],
    })
    expect(onNavigate).toHaveBeenCalledWith(new URLSearchParams('state=failed'), 'replace')
  })

  it('applies the default view before the first render only when opened without parameters', async () => {
    stored([{ id: 'a', name: 'Default', query: 'size=50&state=failed', time: 'utc' }], 'a')
    const store = createClientStore()
    window.history.replaceState(null, '', '/?state=started')
    await applyDefaultViewOnStart(store)
    expect(window.location.search).toBe('?state=started')
    window.history.replaceState(null, '', '/')
    await applyDefaultViewOnStart(store)
    expect(window.location.search).toBe('?size=50&state=failed')
    renderBar(window.location.search, vi.fn(), store)
    expect(screen.getByRole('status', { name: 'Times' })).toHaveTextContent('utc')
  })

  it('loads nothing of saved views when this browser has none', async () => {
    const store = createClientStore()
    await applyDefaultViewOnStart(store)
    expect(window.location.search).toBe('')
    expect(store.get(timeModeSlice)).toBe('relative')
  })
})
