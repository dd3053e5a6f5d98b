interface PaginationBarProps {
  /** Names the list, e.g. "Executions" or "Attempts"; used in labels. */
  label: string
  /** Button names, e.g. "Previous page" / "Next page". */
  previousLabel: string
  nextLabel: string
  page: number
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
  /** The pointer or focus reached Next: a cue to prefetch the next page. */
  onNextIntent?: () => void
  pageSize?: { value: number; options: readonly number[]; onChange(size: number): void }
  /** The navigation's name when it is not "<label> pages" (a second pager needs its own). */
  navLabel?: string
}

export function PaginationBar(props: PaginationBarProps) {
  const { label, previousLabel, nextLabel, page, hasPrevious, hasNext, onPrevious, onNext, pageSize } = props
  return (
    <nav className="pagination" aria-label={props.navLabel ?? `${label} pages`}>
      <button type="button" className="button" onClick={onPrevious} disabled={!hasPrevious}>
        {previousLabel}
      </button>
      <span className="page-indicator" aria-current="page">
        Page {page}
      </span>
      <button
        type="button"
        className="button"
        onClick={onNext}
        onPointerEnter={props.onNextIntent}
        onFocus={props.onNextIntent}
        disabled={!hasNext}
      >
        {nextLabel}
      </button>
      {pageSize ? (
        <label className="inline-field">
          <span>Page size</span>
          <select value={pageSize.value} onChange={(event) => pageSize.onChange(Number(event.target.value))}>
            {pageSize.options.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </nav>
  )
}
