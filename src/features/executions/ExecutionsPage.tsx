import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import {
  executionListQuery,
  KNOWN_EXECUTION_STATES,
  seenUnknownStates,
  subscribeToSeenStates,
  isApiError,
  type Execution,
  type ListParams,
  type RejectedRow,
} from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { CollapsedOnPhone } from '../../components/CollapsedOnPhone'
import { ErrorPanel } from '../../components/ErrorPanel'
import { PaginationBar } from '../../components/PaginationBar'
import { RetryNotice } from '../../components/RetryNotice'
import { useRefreshSettings } from '../../components/RefreshSettings'
import { StateFilter } from '../../components/StateFilter'
import { pageNumber, previousSkipsPages } from '../../lib/cursorTrail'
import { ActiveFilters } from './ActiveFilters'
import { hasFilters, PAGE_SIZES, type PageSize } from './executionSearch'
import { useListShortcuts } from './useListShortcuts'
import { METADATA_KEY_INPUT_ID } from './MetadataFilterForm'
import { EXECUTIONS_TABLE_ID, ExecutionsTable } from './ExecutionsTable'
import { ListToolbar } from './ListToolbar'
import { NewRowsBar } from './NewRowsBar'
import { useShownExecutions } from './useShownExecutions'
import type { RowSelection } from './rowSelection'
import { EmptyPage, NoExecutionsYet, NoMatchingExecutions } from './ExecutionsListStates'
import { MetadataFilterForm } from './MetadataFilterForm'
import { useExecutionSearch } from './useExecutionSearch'
import { useListPaging } from './useListPaging'
import { useMetadataSuggestions } from './useMetadataSuggestions'

const NO_REJECTED: RejectedRow[] = []
// Both show only now and then (an odd answer, the ? key): they load when first needed.
const ListNotices = lazy(async () => ({ default: (await import('./ListNotices')).ListNotices }))
const ShortcutHelp = lazy(async () => ({ default: (await import('./ShortcutHelp')).ShortcutHelp }))

/** `/`: the metadata filter, unfolding it first on a phone. */
function focusMetadataFilter() {
  const input = document.getElementById(METADATA_KEY_INPUT_ID)
  const folded = input?.closest('details')
  if (folded) folded.open = true
  input?.focus()
}

/** Focus the list's tab stop: the last focused row, else the first. */
const focusList = () => document.getElementById(EXECUTIONS_TABLE_ID)?.focus()

export interface ExecutionsPageProps {
  /** Opens the drill-down for one execution (the attempts panel). */
  onOpenExecution: (id: string) => void
  selectedId: string | null
  /** Per-row actions supplied by other features, e.g. Reschedule. */
  renderRowActions?: (execution: Execution) => ReactNode
  /** Focus was in a row that a refresh or filter removed. */
  onFocusLost?: () => void
  /** Checkbox selection kept by the composer (bulk actions). */
  selection?: RowSelection
}

export function ExecutionsPage({
  onOpenExecution,
  selectedId,
  renderRowActions,
  onFocusLost,
  selection,
}: ExecutionsPageProps) {
  const queryClient = useQueryClient()
  const [search, actions] = useExecutionSearch()
  const { refetchInterval } = useRefreshSettings()
  const params = useMemo<ListParams>(
    () => ({ first: search.size, after: search.after, states: search.states, metadata: search.metadata }),
    [search],
  )
  const query = useQuery({
    ...executionListQuery(params),
    refetchInterval,
  })
  const suggestions = useMetadataSuggestions()
  const seenStates = useSyncExternalStore(subscribeToSeenStates, seenUnknownStates)
  // The four known states, then every other state an answer or the link named.
  const stateOptions = useMemo(
    () => [...new Set([...KNOWN_EXECUTION_STATES, ...seenStates, ...search.states])],
    [seenStates, search.states],
  )
  const page = query.data
  const paging = useListPaging(page, params, search, query.isPlaceholderData)
  const { live, shownRows, lingering, contradicting, stateCounts } = useShownExecutions(
    params,
    search,
    page?.data,
    query.isPlaceholderData,
  )
  const endCursor = paging.nextCursor

  // Prefetch on intent (pointer or focus on Next), never on a poll: a live list's end cursor moves with
  // every refresh, and prefetching each one would double the polling traffic.
  const prefetchNext = useCallback(() => {
    if (!endCursor || query.isPlaceholderData) return
    // A failure here is not the user's problem; the page itself reports its own.
    queryClient.query(executionListQuery({ ...params, after: endCursor })).catch(() => {})
  }, [endCursor, params, query.isPlaceholderData, queryClient])

  const [isHelpOpen, setHelpOpen] = useState(false)
  const canGoNext = endCursor !== null && !query.isPlaceholderData
  // The pager above the rows and the one below them.
  const pager = {
    label: 'Executions',
    previousLabel: 'Previous page',
    nextLabel: 'Next page',
    page: pageNumber(search),
    hasPrevious: search.trail.length > 0,
    hasNext: canGoNext,
    onPrevious: actions.goPrevious,
    onNext: () => endCursor && actions.goNext(endCursor),
    onNextIntent: prefetchNext,
  }
  useListShortcuts({
    onNext: () => {
      if (canGoNext) actions.goNext(endCursor)
    },
    onPrevious: () => {
      if (search.trail.length > 0) actions.goPrevious()
    },
    onFocusFilter: focusMetadataFilter,
    onHelp: () => setHelpOpen(true),
  })

  const { addMetadata } = actions
  const filterByMetadata = useCallback(
    (key: string, value: string) => addMetadata({ key, values: [value] }),
    [addMetadata],
  )

  return (
    <section className="executions" aria-label="Executions">
      <CollapsedOnPhone summary="Filters">
        <div className="filters" role="search" aria-label="Filter executions">
          <StateFilter
            legend="State"
            options={stateOptions}
            selected={search.states}
            onChange={actions.setStates}
            counts={stateCounts}
          />
          <MetadataFilterForm suggestions={suggestions} onAdd={actions.addMetadata} onLeave={focusList} />
        </div>
      </CollapsedOnPhone>
      <ActiveFilters
        states={search.states}
        metadata={search.metadata}
        onRemoveState={actions.removeState}
        onRemoveMetadata={actions.removeMetadata}
        onClear={actions.clearFilters}
        contradictingRows={contradicting}
      />
      <ListToolbar
        updatedAt={query.dataUpdatedAt}
        isRefreshing={query.isFetching && !query.isPending}
        onRefreshNow={() => void query.refetch()}
        onHelp={() => setHelpOpen(true)}
      />
      {isHelpOpen ? (
        <Suspense fallback={null}>
          <ShortcutHelp onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
      <RetryNotice
        failureReason={query.failureReason}
        failureCount={query.failureCount}
        isFetching={query.isFetching}
      />
      {(page?.rejected?.length ?? 0) > 0 || paging.problem !== null || previousSkipsPages(search) ? (
        <Suspense fallback={null}>
          <ListNotices
            rejected={page?.rejected ?? NO_REJECTED}
            paging={paging.problem}
            previousSkips={previousSkipsPages(search)}
          />
        </Suspense>
      ) : null}
      <div className="list-heading">
        {/* What is on screen, said once per page change (a poll with the same rows says nothing new). */}
        <p className="list-summary" role="status">
          {page && !query.isPlaceholderData
            ? `${shownRows.length} executions, page ${pageNumber(search)}; ${
                canGoNext ? 'more after this page' : 'the last page'
              }`
            : ''}
        </p>
        {/* Above the rows, so keyboard users reach it without tabbing through every row. */}
        <PaginationBar
          {...pager}
          pageSize={{
            value: search.size,
            options: PAGE_SIZES,
            onChange: (size) => actions.setPageSize(size as PageSize),
          }}
        />
      </div>
      <NewRowsBar count={live.held} isFirstPage={search.after === null} onShow={live.showHeld} />
      {renderList()}
      {/* The same pager after the rows, so a long page need not be scrolled back up. */}
      {page && page.data.length > 0 && !query.isPlaceholderData ? (
        <PaginationBar {...pager} navLabel="Pages of executions, below the list" />
      ) : null}
    </section>
  )

  function renderList() {
    if (query.isError && !page) {
      const { message, detail } = describeApiError(query.error)
      // A cursor from an old link that the API refuses: Retry cannot help, the first page can.
      const cursorRefused = search.after !== null && isApiError(query.error) && query.error.status === 400
      return (
        <ErrorPanel
          title={cursorRefused ? 'The API refused this page’s cursor' : 'Executions could not be loaded'}
          message={message}
          detail={detail}
          onRetry={() => void query.refetch()}
          action={cursorRefused ? { label: 'Back to the first page', onClick: actions.goFirst } : undefined}
        />
      )
    }
    if (page && page.data.length === 0 && !query.isPlaceholderData) {
      if (hasFilters(search)) return <NoMatchingExecutions onClearFilters={actions.clearFilters} />
      if (search.after !== null) return <EmptyPage onFirstPage={actions.goFirst} />
      return <NoExecutionsYet />
    }
    return (
      <>
        {query.isError ? (
          <ErrorPanel
            title="Refreshing failed; showing the last rows received"
            message={describeApiError(query.error).message}
            onRetry={() => void query.refetch()}
          />
        ) : null}
        <ExecutionsTable
          rows={shownRows}
          changed={live.changed}
          rejected={page?.rejected ?? NO_REJECTED}
          lingering={lingering}
          isLoading={query.isPending}
          skeletonRows={Math.min(search.size, 10)}
          isStale={query.isPlaceholderData}
          onMetadataClick={filterByMetadata}
          onOpen={onOpenExecution}
          selectedId={selectedId}
          renderActions={renderRowActions}
          onFocusLost={onFocusLost}
          selection={selection}
        />
      </>
    )
  }
}
