import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ThemeSetting } from '../components/ThemeSetting'
import { renderWithProviders } from '../test/renderWithProviders'
import { PaletteTools } from './PaletteTools'

function setUp(search: string) {
  const onNavigate = vi.fn()
  const view = renderWithProviders(
    <>
      <PaletteTools search={search} onNavigate={onNavigate} onOpenExecution={vi.fn()} />
      <ThemeSetting />
    </>,
  )
  const command = (id: string) => {
    const found = view.commands.list().find((offered) => offered.id === id)
    if (!found) throw new Error(`no command ${id}`)
    return found
  }
  return { ...view, onNavigate, command }
}

describe('the commands that belong to no one feature', () => {
  it('offers every time window, the one shown unavailable, and sets another in the URL', async () => {
    const { onNavigate, command } = setUp('?window=1h')
    await screen.findByRole('button', { name: /Commands/ })
    expect(command('window:1h').disabled).toBe('the list shows this window')
    expect(command('window:any').disabled).toBeNull()
    command('window:24h').run()
    const [params, mode] = onNavigate.mock.calls[0] as [URLSearchParams, string]
    expect([params.get('window'), mode]).toEqual(['24h', 'push'])
    command('window:any').run()
    expect((onNavigate.mock.calls[1] as [URLSearchParams])[0].get('window')).toBeNull()
  })

  it('opens and closes the failure groups', async () => {
    const closed = setUp('')
    await screen.findByRole('button', { name: /Commands/ })
    expect(closed.command('triage').label).toBe('Failure groups')
    closed.command('triage').run()
    expect((closed.onNavigate.mock.calls[0] as [URLSearchParams])[0].get('triage')).toBe('1')
    closed.unmount()
    const open = setUp('?triage=1')
    expect(open.command('triage').label).toBe('Close the failure groups')
    open.command('triage').run()
    expect((open.onNavigate.mock.calls[0] as [URLSearchParams])[0].get('triage')).toBeNull()
  })

  it('offers the themes not chosen, and a choice applies at once', async () => {
    const { command } = setUp('')
    expect(command('theme:system').disabled).toBe('already chosen')
    act(() => command('theme:dark').run())
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    act(() => command('theme:system').run())
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeUndefined())
  })
})
