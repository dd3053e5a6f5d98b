import '../../styles/attempts.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react'
import {
  attemptListQuery,
  isApiError,
  isFinalState,
  sessionKeys,
  timestampInstant,
  type Attempt,
  type AttemptList,
  type Execution,
  type ListFilters,
  type Session,
} from '../../api'
import { cursorPager, isCursorRefused, pagingProblemText, previousCursor } from '../../components/cursorPager'
import { describeApiError } from '../../components/describeApiError'
import { ErrorPanel } from '../../components/ErrorPanel'
import { PaginationBar } from '../../components/PaginationBar'
import { useRefetchInterval } from '../../components/RefreshSettings'
import { RetryNotice } from '../../components/ErrorViews'
import { StateFilter } from '../../components/StateFilter'
import { firstPage } from '../../lib/cursorTrail'
import { useQueryCacheSelector } from '../../lib/useQueryCacheSelector'
import { useUrlSearch } from '../../lib/useUrlSearch'
import { readAttemptsView, writeAttemptsView, type AttemptsView } from '../../lib/panelUrl'
import { AttemptsTable } from './AttemptsTable'
import { AttemptsTimeline } from './AttemptsTimeline'
import { ExecutionSummary } from './ExecutionSummary'
import { useCachedExecution } from './useCachedExecution'
import { visibleText } from '../../../shared/visibleText'
import { usePanelCommands } from './usePanelCommands'
import { useEscapeFromList } from './useEscapeFromList'

export const ATTEMPTS_PAGE_SIZE = 10
const ATTEMPT_STATES: readonly string[] = ['started', 'succeed', 'failed']
const NO_ATTEMPTS: Attempt[] = []

export interface AttemptsPanelProps {
  executionId: string
  onClose: () => void
  renderActions?: (execution: Execution) => ReactNode
  /** The same action as `renderActions`' Reschedule, which the command palette offers for the open execution. */
  onReschedule?: (execution: Execution) => void
  /** The list's filters: an execution not on the loaded pages is looked for in that list. */
  filters?: ListFilters
}

/** Drill-down for one execution: summary, attempts (own filter and paging) and their timeline. */
export function AttemptsPanel({
  executionId,
  onClose,
  renderActions,
  onReschedule,
  filters,
}: AttemptsPanelProps) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const sourced = useCachedExecution(executionId)
  const execution = sourced?.execution
  const refetchInterval = useRefetchInterval()
  const [search, navigate] = useUrlSearch()
  const view = useMemo(() => readAttemptsView(search), [search])
  // The panel's filter replaces the history entry; its page moves push one, like the list's.
  const setView = (next: AttemptsView, mode: 'push' | 'replace' = 'push') =>
    navigate(writeAttemptsView(next, window.location.search), mode)
  const isFinal = execution !== undefined && isFinalState(execution.state) === true
  const params = { first: ATTEMPTS_PAGE_SIZE, after: view.after, states: view.states }
  const query = useQuery({
    ...attemptListQuery(executionId, params),
    refetchInterval: isFinal ? false : refetchInterval,
  })
  const previousKey = attemptListQuery(executionId, { ...params, after: previousCursor(view) }).queryKey
  const previous = useQueryCacheSelector((client) =>
    view.after === null ? undefined : client.getQueryData<AttemptList>(previousKey),
  )
  const pager = cursorPager({
    page: query.isPlaceholderData ? undefined : query.data,
    first: ATTEMPTS_PAGE_SIZE,
    position: view,
    previous,
    onMove: setView,
  })

  useEffect(() => {
    headingRef.current?.focus()
  }, [executionId])

  const page = query.data
  const isGone = isApiError(query.error) && query.error.status === 404
  usePanelCommands({ executionId, execution: isGone ? undefined : execution, onReschedule, onClose })
  useEscapeFromList(onClose)
  const newest = latestAttempt(view, page?.data)
  // The session is read at sign-in; the panel only reads what is cached (a test may render it alone).
  const api = useQueryCacheSelector((client) => client.getQueryData<Session>(sessionKeys.all)?.api)

  return (
    // Esc anywhere in the panel closes it; the section only listens, it is not a control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className="panel attempts-panel"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return
        // Handled here: a drawer around the panel must not close it a second time.
        event.preventDefault()
        onClose()
      }}
    >
      <header className="attempts-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="panel-title">
          Attempts of <span className="mono">{visibleText(executionId)}</span>
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </header>
      <ExecutionSummary
        id={executionId}
        sourced={sourced}
        // The list is searched only once the attempts have answered: an id the API does not know costs no search.
        filters={query.isSuccess ? filters : undefined}
        gone={isGone}
        latestAttemptStart={newest?.created_at}
        latestAttemptState={newest?.state}
      />
      {execution && renderActions && !isGone ? (
        <div className="summary-actions">{renderActions(execution)}</div>
      ) : null}
      {isGone ? (
        <div className="panel panel-error" role="alert">
          <h3 className="panel-title">
            Execution {visibleText(executionId)} not found in{' '}
            {api ? <code className="mono">{api}</code> : 'the API'}
          </h3>
          <p>The API answered 404 for its attempts: the id may be wrong, or the execution deleted.</p>
        </div>
      ) : (
        <>
          <StateFilter
            legend="Attempt state"
            options={ATTEMPT_STATES}
            selected={view.states}
            onChange={(states) => setView(firstPage({ ...view, states }), 'replace')}
          />
          <RetryNotice
            failureReason={query.failureReason}
            failureCount={query.failureCount}
            isFetching={query.isFetching}
          />
          {pager.problem ? <p className="notice">{pagingProblemText(pager.problem, 'attempts')}</p> : null}
          {renderAttempts()}
          {/* Nothing to page through when every attempt fits on the first page. */}
          {pager.hasPrevious || pager.hasNext ? (
            <PaginationBar
              label="Attempts"
              previousLabel="Previous attempts page"
              nextLabel="Next attempts page"
              page={pager.page}
              hasPrevious={pager.hasPrevious}
              hasNext={pager.hasNext}
              onPrevious={pager.goPrevious}
              onNext={pager.goNext}
            />
          ) : null}
        </>
      )}
    </section>
  )

  function renderAttempts() {
    if (query.isError && !page) {
      const { message, detail } = describeApiError(query.error)
      const cursorRefused = isCursorRefused(view.after, query.error)
      return (
        <ErrorPanel
          title={cursorRefused ? 'The API refused this page’s cursor' : 'Attempts could not be loaded'}
          message={message}
          detail={detail}
          onRetry={() => void query.refetch()}
          action={cursorRefused ? { label: 'Back to the first page', onClick: pager.goFirst } : undefined}
        />
      )
    }
    if (query.isPending)
      return (
        <p className="muted" role="status">
          Loading attempts…
        </p>
      )
    const rejected = page?.rejected ?? []
    if (page && page.data.length === 0 && rejected.length === 0 && !query.isPlaceholderData) {
      return view.states.length > 0 ? (
        <div className="panel" role="status">
          <h3 className="panel-title">No attempts match this filter</h3>
          <button
            type="button"
            className="button"
            onClick={() => setView(firstPage({ ...view, states: [] }), 'replace')}
          >
            Clear attempt filter
          </button>
        </div>
      ) : (
        <div className="panel" role="status">
          <h3 className="panel-title">No attempts yet</h3>
          <p>This execution has not been tried so far.</p>
        </div>
      )
    }
    const rows = page?.data ?? NO_ATTEMPTS
    return (
      <>
        {rejected.length > 0 ? (
          <ul className="notice" aria-label="Attempts that could not be read">
            {rejected.map((row) => (
              <li key={row.index}>
                <code className="mono">{visibleText(row.id ?? '(no id)')}</code>: {row.problems.join('; ')}
              </li>
            ))}
          </ul>
        ) : null}
        <AttemptsTable
          executionId={executionId}
          execution={sourced?.execution}
          rows={rows}
          isStale={query.isPlaceholderData}
        />
        <AttemptsTimeline attempts={rows} />
      </>
    )
  }
}

/** The newest attempt, by creation: only the first, unfiltered page holds it (where a re-run's duration starts). */
function latestAttempt(view: AttemptsView, attempts: readonly Attempt[] | undefined): Attempt | undefined {
  if (view.after !== null || view.states.length > 0) return undefined
  let latest: { at: number; attempt: Attempt } | undefined
  for (const attempt of attempts ?? []) {
    const at = timestampInstant(attempt.created_at)
    if (at !== null && (!latest || at > latest.at)) latest = { at, attempt }
  }
  return latest?.attempt
}
