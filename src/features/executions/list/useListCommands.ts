import { KNOWN_EXECUTION_STATES } from '../../../api'
import { describeState } from '../../../components/StateCell'
import { useCommands } from '../../../components/useCommands'
import type { ExecutionListModel } from './useExecutionList'

/** The list's own actions, for the command palette: its pages, filters, refresh and shortcut list. */
export function useListCommands(list: ExecutionListModel, focusFilter: () => void, openHelp: () => void) {
  const { view, actions, pager, source } = list
  useCommands(() => {
    const filtered = view.states.length > 0 || view.metadata.length > 0
    // One state alone (an incident starts with "only the failed"), or every state again.
    const onlyOne = view.states.length === 1 ? view.states[0] : null
    const states = [
      ...KNOWN_EXECUTION_STATES.map((state) => ({
        id: `list:state:${state}`,
        label: `State: only ${describeState(state).label}`,
        group: 'List',
        keywords: 'filter status',
        run: () => actions.setStates([state]),
        disabled: onlyOne === state ? 'the list shows only these' : null,
      })),
      {
        id: 'list:state:any',
        label: 'State: any',
        group: 'List',
        keywords: 'filter status all',
        run: () => actions.setStates([]),
        disabled: view.states.length === 0 ? 'the list shows every state' : null,
      },
    ]
    return [
      ...states,
      {
        id: 'list:next',
        label: 'Next page',
        group: 'List',
        keywords: 'n',
        run: pager.goNext,
        disabled: pager.hasNext ? null : 'this is the last page',
      },
      {
        id: 'list:previous',
        label: 'Previous page',
        group: 'List',
        keywords: 'p back',
        run: pager.goPrevious,
        disabled: pager.hasPrevious ? null : 'this is the first page',
      },
      {
        id: 'list:first',
        label: 'First page',
        group: 'List',
        run: pager.goFirst,
        disabled: view.after === null ? 'this is the first page' : null,
      },
      {
        id: 'list:refresh',
        label: 'Refresh the list now',
        group: 'List',
        keywords: 'reload update',
        run: source.refresh,
      },
      {
        id: 'list:filter',
        label: 'Filter by metadata',
        group: 'List',
        keywords: '/ search key value',
        run: focusFilter,
      },
      {
        id: 'list:clear',
        label: 'Clear filters',
        group: 'List',
        keywords: 'reset all',
        run: actions.clearFilters,
        disabled: filtered ? null : 'no filter is set',
      },
      {
        id: 'help:shortcuts',
        label: 'Keyboard shortcuts',
        group: 'Help',
        keywords: '? keys help',
        run: openHelp,
      },
    ]
  })
}
