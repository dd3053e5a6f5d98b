import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useCommands } from '../../components/useCommands'
import { renderWithProviders } from '../../test/renderWithProviders'
import { PaletteLauncher } from './PaletteLauncher'
import { paletteRecentSlice } from './paletteRecent'

function Offers({ onExport }: { onExport: () => void }) {
  useCommands(() => [
    { id: 'export', label: 'Export…', group: 'Action', run: onExport },
    { id: 'clear', label: 'Clear filters', group: 'List', disabled: 'no filter is set', run: () => {} },
  ])
  return <button type="button">Somewhere on the page</button>
}

function setUp() {
  const onOpenExecution = vi.fn()
  const onExport = vi.fn()
  const view = renderWithProviders(
    <>
      <Offers onExport={onExport} />
      <PaletteLauncher onOpenExecution={onOpenExecution} />
    </>,
  )
  return { ...view, onOpenExecution, onExport }
}

const field = () => screen.findByRole('combobox', { name: 'Execution id or command' })

describe('PaletteLauncher', () => {
  it('opens on Ctrl+K; a pasted id and Enter open that execution and the palette closes', async () => {
    const { onOpenExecution, store } = setUp()
    screen.getByRole('button', { name: 'Somewhere on the page' }).focus()
    await userEvent.keyboard('{Control>}k{/Control}')
    const input = await field()
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument()
    await userEvent.click(input)
    await userEvent.paste('exec-000123')
    const first = within(screen.getByRole('listbox')).getAllByRole('option')[0]
    expect(first).toHaveTextContent('Open execution exec-000123')
    expect(input).toHaveAttribute('aria-activedescendant', first?.id)
    await userEvent.keyboard('{Enter}')
    expect(onOpenExecution).toHaveBeenCalledWith('exec-000123')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(store.get(paletteRecentSlice).executions).toEqual(['exec-000123'])
  })

  it('finds a command by a few letters; arrows move, Enter runs it once the palette has closed', async () => {
    const { onExport } = setUp()
    await userEvent.click(screen.getByRole('button', { name: /Commands/ }))
    await userEvent.type(await field(), 'exp')
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Export…Action',
      'Open execution expExecution',
    ])
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    expect(onExport).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('ignores a held Enter: an Enter that repeats runs nothing, the next press runs the command once', async () => {
    const { onExport } = setUp()
    await userEvent.click(screen.getByRole('button', { name: /Commands/ }))
    const input = await field()
    await userEvent.type(input, 'exp')
    fireEvent.keyDown(input, { key: 'Enter', repeat: true })
    expect(onExport).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument()
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1))
  })

  it('says why a command cannot run instead of running it, and Esc closes without running anything', async () => {
    const { onOpenExecution } = setUp()
    await userEvent.keyboard('{Control>}k{/Control}')
    await userEvent.type(await field(), 'clear f')
    expect(screen.getByRole('option', { name: /Clear filters/ })).toHaveAttribute('aria-disabled', 'true')
    await userEvent.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Command palette' })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Clear filters: no filter is set')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onOpenExecution).not.toHaveBeenCalled()
  })

  it('offers the executions opened through it first, next time', async () => {
    const { onOpenExecution } = setUp()
    await userEvent.keyboard('{Control>}k{/Control}')
    await userEvent.type(await field(), 'e-42{Enter}')
    await userEvent.keyboard('{Control>}k{/Control}')
    await field()
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent(
      'Open execution e-42Recent',
    )
    await userEvent.keyboard('{Enter}')
    expect(onOpenExecution).toHaveBeenLastCalledWith('e-42')
  })

  it('opens an id with spaces in it, as ids may have', async () => {
    const { onOpenExecution } = setUp()
    await userEvent.keyboard('{Control>}k{/Control}')
    await userEvent.click(await field())
    await userEvent.paste('job/2026 #1')
    await userEvent.keyboard('{Enter}')
    expect(onOpenExecution).toHaveBeenCalledWith('job/2026 #1')
  })
})
