import '../../../styles/liveRows.css'
interface NewRowsBarProps {
  count: number
  /** Past the first page, rows that arrive have usually moved down from the page before, not just begun. */
  isFirstPage: boolean
  onShow: () => void
}

/**
 * "4 new executions in this list – Show" (new to the list: a row may also enter by a change of state),
 * floating over the page so its arrival moves nothing. Screen readers hear of it from the status line
 * LazyControls keeps before it (a live region must be there before it speaks).
 */
export function NewRowsBar({ count, isFirstPage, onShow }: NewRowsBarProps) {
  const rows = count === 1 ? 'execution' : 'executions'
  return (
    <div className="new-rows-bar">
      <span>{isFirstPage ? `${count} new ${rows} in this list` : `${count} more ${rows} on this page`}</span>
      <button type="button" className="button button-small button-primary" onClick={onShow}>
        Show
      </button>
    </div>
  )
}
