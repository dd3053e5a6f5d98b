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

export function EmptyPage({ onFirstPage }: Pick<Props, 'onFirstPage'>) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">This page is empty</h2>
      <p>The executions that were here have moved on. Start again from the newest.</p>
      <button type="button" className="button" onClick={onFirstPage}>
        Back to first page
      </button>
    </div>
  )
}
