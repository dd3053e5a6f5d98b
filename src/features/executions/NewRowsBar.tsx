interface NewRowsBarProps {
  count: number
  onShow: () => void
}

/**
 * "4 new executions – Show", floating over the page so its arrival moves nothing. Screen readers hear once
 * that new rows wait (the status text stays the same while the count grows).
 */
export function NewRowsBar({ count, onShow }: NewRowsBarProps) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {count > 0 ? 'New executions arrived; a Show button above the list adds them.' : ''}
      </p>
      {count > 0 ? (
        <div className="new-rows-bar">
          <span>
            {count} new {count === 1 ? 'execution' : 'executions'}
          </span>
          <button type="button" className="button button-small button-primary" onClick={onShow}>
            Show
          </button>
        </div>
      ) : null}
    </>
  )
}
