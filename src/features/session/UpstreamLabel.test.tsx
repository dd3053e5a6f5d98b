import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { currentUpstream, readUpstreamList } from '../../api/upstreams'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { UpstreamLabel, upstreamPage } from './UpstreamLabel'

setUpMswServer()

const list = {
  defaultName: 'prod',
  upstreams: [
    { name: 'prod', api: 'https://prod/v2', color: '#cf222e', danger: true, mode: 'server-token' },
    { name: 'staging', api: 'https://staging/v2', color: '#1a7f37', danger: false, mode: 'sign-in' },
  ],
}

describe('the API a page shows', () => {
  it('is labelled in the header, in its colour, and switches keeping the view but not the position', async () => {
    mswServer.use(http.get('*/api/upstreams', () => HttpResponse.json(list)))
    window.history.replaceState(null, '', '/?state=failed&after=c1&execution=e-1')
    const onSwitch = vi.fn()
    const { commands } = renderWithProviders(<UpstreamLabel onSwitch={onSwitch} />)
    const select = await screen.findByRole('combobox', { name: 'API' })
    expect(select).toHaveValue('prod')
    expect(screen.getByText('Production')).toBeInTheDocument()
    await userEvent.setup().selectOptions(select, 'staging')
    expect(onSwitch).toHaveBeenLastCalledWith('/u/staging/?state=failed')
    const offered = commands.list()
    expect(offered.map((command) => command.label)).toEqual(['Switch to API: staging'])
    act(() => offered[0]?.run())
    expect(onSwitch).toHaveBeenCalledTimes(2)
    window.history.replaceState(null, '', '/')
  })

  it('shows nothing with one API', async () => {
    const { queryClient } = renderWithProviders(<UpstreamLabel />)
    await vi.waitFor(() => expect(queryClient.getQueryData(['upstreams'])).toBeDefined())
    expect(screen.queryByRole('combobox', { name: 'API' })).not.toBeInTheDocument()
  })

  it('reads the list as the server sends it, and the page’s API from its path', () => {
    expect(readUpstreamList({ nope: true }).ok).toBe(false)
    const read = readUpstreamList({ ...list, upstreams: [...list.upstreams, { name: 3 }] })
    if (!read.ok) throw new Error('unread')
    expect(read.value.upstreams.map((upstream) => upstream.name)).toEqual(['prod', 'staging'])
    expect(currentUpstream(read.value, '/u/staging/')?.name).toBe('staging')
    expect(currentUpstream(read.value, '/')?.name).toBe('prod')
    expect(currentUpstream({ upstreams: [], defaultName: null }, '/')).toBeNull()
    expect(upstreamPage('qa', '?m.env=x&size=50&trail=a')).toBe('/u/qa/?m.env=x&size=50')
  })
})
