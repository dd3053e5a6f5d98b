import type { ComponentProps } from 'react'
import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import { afterFirstScreen, lazyPart } from '../../../lib/lazyPart'

const controls = afterFirstScreen(() => import('./controls'))

/** Starts loading what the first table does without (at app start, with the session and the first list call). */
export function preloadListControls(): void {
  void controls()
}

/** Where the controls go, holding their places (and a phone's folded summaries) while they load. */
const controlsPlaceholder = (
  <CollapsedOnPhone summary="Filters">
    <div className="filters filters-loading" />
  </CollapsedOnPhone>
)

/** The controls above the list (see controls.tsx). */
export const ListControls = lazyPart(controls, 'ListControls', controlsPlaceholder)
/** The table's keys and its time cells' tooltip (see list/TableBehaviours). */
export const TableBehaviours = lazyPart(controls, 'TableBehaviours')
const ShowBar = lazyPart(controls, 'NewRowsBar')
export const LingeringRowView = lazyPart(controls, 'LingeringRowView')
/** Rows the API sent that could not be read (only now and then). */
export const RejectedRows = lazyPart(controls, 'RejectedRows')
/** The list's empty states (see ExecutionsListStates.tsx). */
export const EmptyState = lazyPart(controls, 'EmptyState')
/** The list's live stream and live rows (see LiveSync.tsx). */
export const LiveFeed = lazyPart(controls, 'LiveFeed')
export const LiveList = lazyPart(controls, 'LiveList')

/**
 * The Show bar for held rows. Screen readers hear once that rows wait: the status line is always there
 * (a live region must exist before it speaks) and keeps its text while the count grows.
 */
export function NewRowsBar(props: ComponentProps<typeof ShowBar>) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {props.count > 0 ? 'More executions arrived; a Show button above the list adds them.' : ''}
      </p>
      {props.count > 0 ? <ShowBar {...props} /> : null}
    </>
  )
}
