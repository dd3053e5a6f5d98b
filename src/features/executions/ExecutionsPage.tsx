import { useQuery } from '@tanstack/react-query'
import { executionListQuery } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { ErrorPanel } from '../../components/ErrorPanel'
import { ExecutionsTable } from './ExecutionsTable'

const FIRST_PAGE = { first: 20 }
const NO_ROWS: never[] = []

export function ExecutionsPage() {
  const query = useQuery(executionListQuery(FIRST_PAGE))

  if (query.isError && !query.data) {
    const { message, detail } = describeApiError(query.error)
    return (
      <ErrorPanel
        title="Executions could not be loaded"
        message={message}
        detail={detail}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (query.data && query.data.data.length === 0) {
    return (
      <div className="panel" role="status">
        <h2 className="panel-title">No executions yet</h2>
        <p>Executions appear here as soon as the API reports them.</p>
      </div>
    )
  }
  return (
    <section aria-label="Executions">
      <ExecutionsTable rows={query.data?.data ?? NO_ROWS} isLoading={query.isPending} />
    </section>
  )
}
