interface NewRowsBarProps {
  count: number
  /** Past the first page, rows that arrive have usually moved down from the page before, not just begun. */
  isFirstPage: boolean
  onShow: () => void
}

/**
 * "4 new executions in this list – Show" (new to the list: a row may also enter by a change of state),
 * floating over the page so its arrival moves nothing. Screen readers hear once that rows wait (the status
 * text stays the same while the count grows).
 */
export function NewRowsBar({ count, isFirstPage, onShow }: NewRowsBarProps) {
  const rows = count === 1 ? 'execution' : 'executions'
  return (
    <>
      <p className="visually-hidden" role="status">
        {count > 0 ? 'More executions arrived; a Show button above the list adds them.' : ''}
      </p>
      {count > 0 ? (
        <div className="new-rows-bar">
          <span>
            {isFirstPage ? `${count} new ${rows} in this list` : `${count} more ${rows} on this page`}
          </span>
          <button type="button" className="button button-small button-primary" onClick={onShow}>
            Show
          </button>
        </div>
      ) : null}
    </>
  )
}
