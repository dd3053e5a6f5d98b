import { useState, type ReactNode } from 'react'
import type { Execution } from '../../api'
import { ApiErrorPanel, RetryNotice } from '../../components/ErrorViews'
import { PaginationBar } from '../../components/PaginationBar'
import { EXECUTIONS_TABLE_ID, ExecutionsTable } from './grid/ExecutionsTable'
import type { RowSelection } from './grid/rowSelection'
import {
  controlsPlaceholder,
  NewRowsBar,
  useListControls,
  type ListControlsModule,
} from './list/LazyControls'
import { useExecutionList, type ExecutionListModel } from './list/useExecutionList'

/** Focus the list's tab stop: the last focused row, else the first. */
const focusList = () => document.getElementById(EXECUTIONS_TABLE_ID)?.focus()

export interface ExecutionsPageProps {
  /** Opens the drill-down for one execution (the attempts panel). */
  onOpenExecution: (id: string) => void
  selectedId: string | null
  /** Per-row actions supplied by other features, e.g. Reschedule. */
  renderRowActions?: (execution: Execution) => ReactNode
  /** `r` on a row: the same action as the row's Reschedule button, by callback. */
  onReschedule?: (execution: Execution, opener: HTMLElement) => void
  /** Focus was in a row that a refresh or filter removed. */
  onFocusLost?: () => void
  /** Checkbox selection kept by the composer (bulk actions). */
  selection?: RowSelection
  /** A bulk run's live counts, report and file, above a list that shows only that run's executions. */
  renderRunSummary?: (run: string) => ReactNode
}

/** The executions view's layout; what it shows is decided by useExecutionList. */
export function ExecutionsPage(props: ExecutionsPageProps) {
  const list = useExecutionList()
  const { view, actions, pager, source } = list
  const [toolsSlot, setToolsSlot] = useState<HTMLDivElement | null>(null)
  const controls = useListControls()
  return (
    <section className="executions" aria-label="Executions">
      {controls ? (
        <>
          <controls.ListControls
            list={list}
            onLeave={focusList}
            renderRunSummary={props.renderRunSummary}
            toolsSlot={toolsSlot}
          />
          <controls.LiveFeed {...source.feed} />
          <controls.LiveList answer={list.live.answer} drawn={list.rows} onChange={list.live.onChange} />
        </>
      ) : (
        controlsPlaceholder
      )}
      <RetryNotice
        failureReason={source.failureReason}
        failureCount={source.failureCount}
        isFetching={source.isFetching}
      />
      <div className="list-heading">
        {/* What is on screen, said once per page change (a poll with the same rows says nothing new). */}
        <p className="list-summary" role="status">
          {list.summary}
        </p>
        {/* The list's tools (Refresh now, Display…) come with the controls' chunk into this place, held for them. */}
        <div className="list-toolbar" ref={setToolsSlot} />
        {/* Above the rows, so keyboard users reach it without tabbing through every row. */}
        <PaginationBar
          {...pagerProps(list)}
          pageSize={{ value: view.size, options: pager.pageSizes, onChange: actions.setPageSize }}
        />
      </div>
      <NewRowsBar
        controls={controls}
        count={list.live.held}
        isFirstPage={view.after === null}
        onShow={list.live.showHeld}
      />
      <ListBody list={list} controls={controls} {...props} />
      {/* The same pager after the rows, so a long page need not be scrolled back up. */}
      {list.summary !== '' && list.rows.length > 0 ? (
        <PaginationBar {...pagerProps(list)} navLabel="Pages of executions, below the list" />
      ) : null}
    </section>
  )
}

function pagerProps({ pager }: ExecutionListModel) {
  return {
    label: 'Executions',
    previousLabel: 'Previous page',
    nextLabel: 'Next page',
    page: pager.page,
    hasPrevious: pager.hasPrevious,
    hasNext: pager.hasNext,
    onPrevious: pager.goPrevious,
    onNext: pager.goNext,
    onNextIntent: pager.onNextIntent,
  }
}

/** The list's place: an error, one of the empty states, or the rows. */
function ListBody({
  list,
  controls,
  ...props
}: ExecutionsPageProps & { list: ExecutionListModel; controls: ListControlsModule | null }) {
  const { content, source, actions, view } = list
  switch (content.kind) {
    case 'failed': {
      return (
        <ApiErrorPanel
          title={
            content.cursorRefused ? 'The API refused this page’s cursor' : 'Executions could not be loaded'
          }
          error={content.error}
          onRetry={source.refresh}
          action={
            content.cursorRefused
              ? { label: 'Back to the first page', onClick: list.pager.goFirst }
              : undefined
          }
        />
      )
    }
    case 'counting':
    case 'no-match':
    case 'empty-page':
    case 'empty-more':
    case 'none-yet':
      return controls ? (
        <controls.EmptyState
          kind={content.kind}
          coverage={content.kind === 'counting' ? content.coverage : undefined}
          onClearFilters={actions.clearFilters}
          metadata={view.metadata}
          onRemoveMetadata={actions.removeMetadata}
          onAddMetadata={actions.addMetadata}
          onFirstPage={list.pager.goFirst}
          onNextPage={list.pager.hasNext ? list.pager.goNext : undefined}
        />
      ) : null
    case 'rows':
      return (
        <>
          {content.refreshError ? (
            <ApiErrorPanel
              title="Refreshing failed; showing the last rows received"
              error={content.refreshError}
              withDetail={false}
              onRetry={source.refresh}
            />
          ) : null}
          <ExecutionsTable
            rows={list.rows}
            changed={list.live.changed}
            rejected={list.rejected}
            lingering={list.live.lingering}
            isLoading={source.isPending}
            skeletonRows={Math.min(view.size, 10)}
            isStale={source.isPlaceholder}
            onMetadataClick={list.filterByMetadata}
            onOpen={props.onOpenExecution}
            selectedId={props.selectedId}
            renderActions={props.renderRowActions}
            onReschedule={props.onReschedule}
            onFocusLost={props.onFocusLost}
            selection={props.selection}
            regionHandlers={list.live.regionHandlers}
            sort={view.sort}
          />
        </>
      )
  }
}
