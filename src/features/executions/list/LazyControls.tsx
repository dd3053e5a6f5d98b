import type { ComponentProps } from 'react'
import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import { lazyPart } from '../../../lib/lazyPart'
import type { MetadataFilter } from '../../../api'
import type { Coverage } from '../../../shared/overview'

const controls = () => import('./controls')

/** Starts loading what the first table does without (at app start, with the session and the first list call). */
export function preloadListControls(): void {
  void controls()
}

/** Where the controls go, holding their places (and a phone's folded summaries) while they load. */
const controlsPlaceholder = (
  <>
    <CollapsedOnPhone summary="Filters">
      <div className="filters filters-loading" />
    </CollapsedOnPhone>
    <CollapsedOnPhone summary="Refresh, times and columns">
      <div className="list-toolbar" />
    </CollapsedOnPhone>
  </>
)

/** The controls above the list (see controls.tsx). */
export const ListControls = lazyPart(controls, 'ListControls', controlsPlaceholder)
const GridKeys = lazyPart(controls, 'GridKeys')
const TimeCellTooltip = lazyPart(controls, 'TimeCellTooltip')
const ShowBar = lazyPart(controls, 'NewRowsBar')
export const LingeringRowView = lazyPart(controls, 'LingeringRowView')
const NoExecutionsYet = lazyPart(controls, 'NoExecutionsYet')
const NoMatchingExecutions = lazyPart(controls, 'NoMatchingExecutions')
const EmptyPage = lazyPart(controls, 'EmptyPage')
const CountingWindow = lazyPart(controls, 'CountingWindow')
/** The list's live stream and live rows (see LiveSync.tsx). */
export const LiveFeed = lazyPart(controls, 'LiveFeed')
export const LiveList = lazyPart(controls, 'LiveList')

/** The table's keys and its time cells' tooltip (see grid/GridKeys, components/TimeCellTooltip). */
export function TableBehaviours({
  keys,
  tooltip,
}: {
  keys: ComponentProps<typeof GridKeys>
  tooltip: ComponentProps<typeof TimeCellTooltip>
}) {
  return (
    <>
      <GridKeys {...keys} />
      <TimeCellTooltip {...tooltip} />
    </>
  )
}

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

/** The list's empty states: no executions at all, none matching, an empty page, a window still being counted. */
export function EmptyState(props: {
  kind: 'no-match' | 'empty-page' | 'empty-more' | 'none-yet' | 'counting'
  coverage?: Coverage
  onClearFilters: () => void
  /** The metadata filters, for near misses: "env has production, staging. Did you mean production?" */
  metadata: readonly MetadataFilter[]
  onRemoveMetadata: (key: string) => void
  onAddMetadata: (entry: MetadataFilter) => void
  onFirstPage: () => void
  /** Absent when the API gave no way to the next page. */
  onNextPage?: () => void
}) {
  if (props.kind === 'counting' && props.coverage) return <CountingWindow coverage={props.coverage} />
  if (props.kind === 'empty-more')
    return <EmptyPage more onFirstPage={props.onFirstPage} onNextPage={props.onNextPage} />
  if (props.kind === 'no-match') return <NoMatchingExecutions {...props} />
  return props.kind === 'empty-page' ? <EmptyPage onFirstPage={props.onFirstPage} /> : <NoExecutionsYet />
}
