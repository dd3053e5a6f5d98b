import '../../../styles/controls.css'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { executionListQuery } from '../../../api'
import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import { coverageDoubtText } from '../../../../shared/overview'
import { ActiveFilters } from '../filters/ActiveFilters'
import { METADATA_KEY_INPUT_ID } from '../filters/filterIds'
import { ListFilters } from '../filters/ListFilters'
import { ListNotices } from './ListNotices'
import { ListTools } from './ListTools'
import { RunScopeLine } from './RunScopeLine'
import { readRunScope } from '../../../../shared/runScope'
import { ShortcutHelp } from './ShortcutHelp'
import type { ExecutionListModel } from './useExecutionList'
import { useListCommands } from './useListCommands'
import { useLeaveToList } from './useLeaveToList'
import { useListShortcuts } from './useListShortcuts'

/*
 * What the first table does without, in one chunk loaded as the app starts (see LazyControls.tsx): the
 * controls above the list, the table's keys and time tooltip, what keeps the list live (its stream, the held
 * and changed rows), and what shows only now and then (the empty states, the Show bar, rows that linger).
 */

export interface ListControlsProps {
  list: ExecutionListModel
  /** Esc in the metadata filter: back to the list. */
  onLeave: () => void
  renderRunSummary?: ((run: string) => ReactNode) | undefined
  /** Where the list's tools go: the pager's line, which the page holds for them. */
  toolsSlot: HTMLElement | null
}

/** One empty list, so Esc's handler is not made anew on every render while the list has no rows. */
const NO_ROWS: readonly never[] = []

/** `/`: the metadata filter, unfolding it first on a phone; `typed`: what was typed after `/` before it was there. */
function focusMetadataFilter(typed?: string) {
  const input = document.getElementById(METADATA_KEY_INPUT_ID)
  const folded = input?.closest('details')
  if (folded) folded.open = true
  input?.focus()
  // As if typed: the value set as the browser sets it, then the input event a controlled field reads it from.
  if (typed && input instanceof HTMLInputElement && input === document.activeElement) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

/** The filters, the filters asked for, the tools (on the pager's line), the notices, and the keyboard shortcuts and their list. */
export function ListControls({ list, onLeave, renderRunSummary, toolsSlot }: ListControlsProps) {
  const { view, actions, pager, source } = list
  // The list's keys (n, p, /, ?) come with the controls: until they load, they do nothing (as the grid's keys).
  const [isHelpOpen, setHelpOpen] = useState(false)
  const openHelp = useCallback(() => setHelpOpen(true), [])
  useListShortcuts({
    onNext: pager.goNext,
    onPrevious: pager.goPrevious,
    onFocusFilter: focusMetadataFilter,
    onHelp: openHelp,
  })
  useListCommands(list, focusMetadataFilter, openHelp)
  const client = useQueryClient()
  // A read already on its way may have left before what the user refreshes for (a new cookie, a fix): drop it.
  const refreshNow = () =>
    void client
      .cancelQueries({ queryKey: executionListQuery(source.feed.params).queryKey, exact: true })
      .then(source.refresh)
  const leave = useLeaveToList(list.content.kind === 'rows' ? list.rows : NO_ROWS, onLeave)
  return (
    <>
      <CollapsedOnPhone summary="Filters">
        <ListFilters
          states={view.states}
          stateCounts={list.stateCounts}
          onStatesChange={actions.setStates}
          onAddMetadata={actions.addMetadata}
          onLeave={leave}
        />
      </CollapsedOnPhone>
      {view.run !== null ? (
        <RunScopeLine
          run={view.run}
          scope={readRunScope(list.runAnswer)}
          filtered={view.states.length > 0 || view.metadata.length > 0}
          summary={renderRunSummary?.(view.run)}
        />
      ) : null}
      <ActiveFilters
        states={view.states}
        metadata={view.metadata}
        onRemoveState={actions.removeState}
        onRemoveMetadata={actions.removeMetadata}
        onClear={actions.clearFilters}
        contradictingRows={list.contradicting}
      />
      {toolsSlot
        ? createPortal(
            <ListTools
              updatedAt={source.updatedAt}
              isRefreshing={source.isRefreshing}
              onRefreshNow={refreshNow}
              onHelp={openHelp}
            />,
            toolsSlot,
          )
        : null}
      {isHelpOpen ? <ShortcutHelp onClose={() => setHelpOpen(false)} /> : null}
      <ListNotices
        rejected={list.rejected}
        paging={pager.problem}
        previousSkips={pager.previousSkips}
        linkProblems={list.linkProblems}
        indexDoubt={list.indexCoverage ? coverageDoubtText(list.indexCoverage) : null}
      />
    </>
  )
}

export { TableBehaviours } from './TableBehaviours'
export { LingeringRowView } from '../grid/LingeringRowView'
export { RejectedRows } from '../grid/RejectedRows'
export { EmptyState } from './ExecutionsListStates'
export { NewRowsBar } from './NewRowsBar'
export { LiveFeed, LiveList } from './LiveSync'
