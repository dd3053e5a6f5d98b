import { lazy, Suspense, type ComponentProps } from 'react'
import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import type { ListControlsProps } from './controls'

const controls = () => import('./controls')

/** Starts loading what the first table does without (at app start, with the session and the first list call). */
export function preloadListControls(): void {
  void controls()
}

const LazyControls = lazy(async () => ({ default: (await controls()).ListControls }))
const LazyGridKeys = lazy(async () => ({ default: (await controls()).GridKeys }))
const LazyTimeCellTooltip = lazy(async () => ({ default: (await controls()).TimeCellTooltip }))

/** Where the controls go, holding their places (and a phone's folded summaries) while they load. */
function ControlsPlaceholder() {
  return (
    <>
      <CollapsedOnPhone summary="Filters">
        <div className="filters filters-loading" />
      </CollapsedOnPhone>
      <CollapsedOnPhone summary="Refresh, times and columns">
        <div className="list-toolbar" />
      </CollapsedOnPhone>
    </>
  )
}

/** The controls above the list (see controls.tsx). */
export function ListControls(props: ListControlsProps) {
  return (
    <Suspense fallback={<ControlsPlaceholder />}>
      <LazyControls {...props} />
    </Suspense>
  )
}

/** The table's keys and its time cells' tooltip (see grid/GridKeys, components/TimeCellTooltip). */
export function TableBehaviours({
  keys,
  tooltip,
}: {
  keys: ComponentProps<typeof LazyGridKeys>
  tooltip: ComponentProps<typeof LazyTimeCellTooltip>
}) {
  return (
    <Suspense fallback={null}>
      <LazyGridKeys {...keys} />
      <LazyTimeCellTooltip {...tooltip} />
    </Suspense>
  )
}
