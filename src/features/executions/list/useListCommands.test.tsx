import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/renderWithProviders'
import type { ExecutionListModel } from './useExecutionList'
import { useListCommands } from './useListCommands'

function listModel(filtered: boolean, hasNext: boolean) {
  const calls = {
    next: vi.fn(),
    previous: vi.fn(),
    first: vi.fn(),
    refresh: vi.fn(),
    clear: vi.fn(),
    setStates: vi.fn(),
  }
  const list = {
    view: { states: filtered ? ['failed'] : [], metadata: [], after: hasNext ? null : 'c2' },
    actions: { clearFilters: calls.clear, setStates: calls.setStates },
    pager: {
      goNext: calls.next,
      goPrevious: calls.previous,
      goFirst: calls.first,
      hasNext,
      hasPrevious: !hasNext,
    },
    source: { refresh: calls.refresh },
  } as unknown as ExecutionListModel
  return { list, calls }
}

function Offers(props: { list: ExecutionListModel; focus: () => void; help: () => void }) {
  useListCommands(props.list, props.focus, props.help)
  return null
}

describe('the list’s commands', () => {
  it('run the list’s own actions, and say why one cannot run here', () => {
    const { list, calls } = listModel(true, true)
    const focus = vi.fn()
    const help = vi.fn()
    const { commands } = renderWithProviders(<Offers list={list} focus={focus} help={help} />)
    const byId = Object.fromEntries(commands.list().map((command) => [command.id, command]))
    expect(byId['list:previous']?.disabled).toBe('this is the first page')
    expect(byId['list:first']?.disabled).toBe('this is the first page')
    for (const command of commands.list()) command.run()
    expect(
      [calls.next, calls.previous, calls.first, calls.refresh, calls.clear, focus, help].map(
        (f) => f.mock.calls.length,
      ),
    ).toEqual([1, 1, 1, 1, 1, 1, 1])
    // One state alone, for each known state, and every state again.
    expect(calls.setStates.mock.calls).toEqual([
      [['created']],
      [['started']],
      [['succeed']],
      [['failed']],
      [[]],
    ])
    expect(byId['list:state:failed']).toMatchObject({
      label: 'State: only Failed',
      disabled: 'the list shows only these',
    })
  })

  it('offer Clear filters only with a filter, and Next only when there is a next page', () => {
    const { list } = listModel(false, false)
    const { commands } = renderWithProviders(<Offers list={list} focus={vi.fn()} help={vi.fn()} />)
    const byId = Object.fromEntries(commands.list().map((command) => [command.id, command]))
    expect(byId['list:clear']?.disabled).toBe('no filter is set')
    expect(byId['list:next']?.disabled).toBe('this is the last page')
    expect(byId['list:first']?.disabled).toBeNull()
  })
})
