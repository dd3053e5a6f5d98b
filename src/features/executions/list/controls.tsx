import '../../../styles/controls.css'
import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import { TimeCellTooltip } from '../../../components/TimeCellTooltip'
import { ActiveFilters } from '../filters/ActiveFilters'
import { ListFilters } from '../filters/ListFilters'
import { GridKeys } from '../grid/GridKeys'
import { ListNotices } from './ListNotices'
import { ListTools } from './ListTools'
import { ShortcutHelp } from './ShortcutHelp'
import type { ExecutionListModel } from './useExecutionList'

/*
 * What the first table does without, in one chunk loaded as the app starts (see LazyControls.tsx): the
 * controls above the list, the table's keys and time tooltip, and what shows only now and then (the empty
 * states, the Show bar, rows that linger).
 */

export interface ListControlsProps {
  list: ExecutionListModel
  /** Esc in the metadata filter: back to the list. */
  onLeave: () => void
}

/** The filters, the filters asked for, the tools row, the notices and the shortcut list. */
export function ListControls({ list, onLeave }: ListControlsProps) {
  const { view, actions, pager, source } = list
  return (
    <>
      <CollapsedOnPhone summary="Filters">
        <ListFilters
          states={view.states}
          stateCounts={list.stateCounts}
          onStatesChange={actions.setStates}
          onAddMetadata={actions.addMetadata}
          onLeave={onLeave}
        />
      </CollapsedOnPhone>
      <ActiveFilters
        states={view.states}
        metadata={view.metadata}
        onRemoveState={actions.removeState}
        onRemoveMetadata={actions.removeMetadata}
        onClear={actions.clearFilters}
        contradictingRows={list.contradicting}
      />
      <CollapsedOnPhone summary="Refresh, times and columns">
        <div className="list-toolbar">
          <ListTools
            updatedAt={source.updatedAt}
            isRefreshing={source.isRefreshing}
            onRefreshNow={source.refresh}
            onHelp={list.help.open}
          />
        </div>
      </CollapsedOnPhone>
      {list.help.isOpen ? <ShortcutHelp onClose={list.help.close} /> : null}
      <ListNotices
        rejected={list.rejected}
        paging={pager.problem}
        previousSkips={pager.previousSkips}
        linkProblems={list.linkProblems}
        indexDoubt={list.indexDoubt}
      />
    </>
  )
}

export { GridKeys, TimeCellTooltip }
export { LingeringRowView } from '../grid/LingeringRowView'
export { EmptyPage, NoExecutionsYet, NoMatchingExecutions } from './ExecutionsListStates'
export { NewRowsBar } from './NewRowsBar'
