import { coverageDoubtText, type Coverage } from '../../../shared/overview'

interface Props {
  onClearFilters: () => void
  onFirstPage: () => void
}

export function NoExecutionsYet() {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions yet</h2>
      <p>Executions appear here as soon as the API reports them.</p>
    </div>
  )
}

export function NoMatchingExecutions({ onClearFilters }: Pick<Props, 'onClearFilters'>) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions match these filters</h2>
      <p>Change or remove a filter to see more.</p>
      <button type="button" className="button" onClick={onClearFilters}>
        Clear filters
      </button>
    </div>
  )
}

/**
 * A page with no rows: the executions that were here moved on, or (`more`) the API sent none but says more
 * follow, which is neither "none match" nor the end of the list.
 */
export function EmptyPage({
  onFirstPage,
  more = false,
  onNextPage,
}: Pick<Props, 'onFirstPage'> & { more?: boolean; onNextPage?: () => void }) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">{more ? 'This page came back empty' : 'This page is empty'}</h2>
      {more ? (
        <p>
          The API sent no executions on this page but says more follow
          {onNextPage ? '' : ', with no cursor to reach them'}. This is not the end of the list.
        </p>
      ) : (
        <p>The executions that were here have moved on. Start again from the newest.</p>
      )}
      {more && onNextPage ? (
        <button type="button" className="button" onClick={onNextPage}>
          Next page
        </button>
      ) : null}{' '}
      <button type="button" className="button" onClick={onFirstPage}>
        Back to first page
      </button>
    </div>
  )
}

/** A window's list from an index that is still counting (or could not): no rows yet is not "none". */
export function CountingWindow({ coverage }: { coverage: Coverage }) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions of this window yet</h2>
      <p>
        The list may not be complete: {coverageDoubtText(coverage) ?? 'the index is catching up'}. It fills in
        as the index finds them.
      </p>
    </div>
  )
}
