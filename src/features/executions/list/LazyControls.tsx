import { CollapsedOnPhone } from '../../../components/CollapsedOnPhone'
import { afterFirstScreen, lazyModule } from '../../../lib/lazyPart'

const controls = afterFirstScreen(() => import('./controls'))

/** Starts loading what the first table does without (once the first screen is shown; see main.tsx). */
export function preloadListControls(): void {
  void controls()
}

/**
 * The list's controls, empty states, live stream and table behaviours (controls.tsx): one chunk the first table
 * does without, null until it is there. Read once by the page and once by the table, never per row.
 */
export const useListControls = lazyModule(controls)

export type ListControlsModule = NonNullable<ReturnType<typeof useListControls>>

/** Where the controls go, holding their places (and a phone's folded summaries) while they load. */
export const controlsPlaceholder = (
  <CollapsedOnPhone summary="Filters">
    <div className="filters filters-loading" />
  </CollapsedOnPhone>
)

/**
 * The Show bar for held rows. Screen readers hear once that rows wait: the status line is always there
 * (a live region must exist before it speaks) and keeps its text while the count grows.
 */
export function NewRowsBar({
  controls: loaded,
  ...props
}: {
  controls: ListControlsModule | null
  count: number
  isFirstPage: boolean
  onShow: () => void
}) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {props.count > 0 ? 'More executions arrived; a Show button above the list adds them.' : ''}
      </p>
      {props.count > 0 && loaded ? <loaded.NewRowsBar {...props} /> : null}
    </>
  )
}
