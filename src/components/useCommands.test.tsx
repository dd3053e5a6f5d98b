import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/renderWithProviders'
import { useCommands, useRunCommand } from './useCommands'

function Page({ onExport }: { onExport: () => void }) {
  const run = useRunCommand()
  const [show, setShow] = useState(true)
  return (
    <>
      {show ? <Offers onExport={onExport} /> : null}
      <button type="button" onClick={() => setShow(false)}>
        Unmount the owner
      </button>
      <button type="button" onClick={() => run('export')}>
        Run export
      </button>
      <button type="button" onClick={() => run('clear')}>
        Run clear
      </button>
    </>
  )
}

function Offers({ onExport }: { onExport: () => void }) {
  useCommands(() => [
    { id: 'export', label: 'Export…', group: 'Action', run: onExport },
    { id: 'clear', label: 'Clear filters', group: 'List', disabled: 'no filter is set', run: vi.fn() },
  ])
  return null
}

describe('the command registry', () => {
  it('runs a command by id while its owner is mounted; one that cannot run says why', async () => {
    const onExport = vi.fn()
    const { commands } = renderWithProviders(<Page onExport={onExport} />)
    expect(commands.list().map((command) => command.id)).toEqual(['export', 'clear'])
    await userEvent.click(screen.getByRole('button', { name: 'Run export' }))
    expect(onExport).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Run clear' }))
    expect(await screen.findByText('Clear filters: no filter is set')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Unmount the owner' }))
    expect(commands.list()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Run export' }))
    expect(onExport).toHaveBeenCalledTimes(1)
  })
})
