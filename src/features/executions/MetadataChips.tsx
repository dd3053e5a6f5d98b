import { useLayoutEffect, useRef, useState } from 'react'
import { useCellTabIndex } from '../../components/cellFocus'

const GAP_PX = 5
/** Room kept for the "+N" button when not every chip fits. */
const MORE_BUTTON_PX = 56

interface MetadataChipsProps {
  id: string
  entries: readonly (readonly [key: string, value: string])[]
  onFilter: (key: string, value: string) => void
}

/** How many of these widths fit in `available`, keeping room for "+N" when not all do. */
export function chipsThatFit(widths: readonly number[], available: number): number {
  const total = widths.reduce((sum, width, index) => sum + width + (index > 0 ? GAP_PX : 0), 0)
  if (total <= available) return widths.length
  let used = 0
  let count = 0
  for (const width of widths) {
    used += width + (count > 0 ? GAP_PX : 0)
    if (used > available - MORE_BUTTON_PX) break
    count += 1
  }
  return count
}

/**
 * One line of `key=value` chips, as many as fit, then "+N" that shows them all. Chips past the line keep
 * their layout (so they can be measured) but are invisible and out of the tab order.
 */
export function MetadataChips({ id, entries, onFilter }: MetadataChipsProps) {
  const wrapperRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const [fit, setFit] = useState(entries.length)
  const [expanded, setExpanded] = useState(false)
  const tabIndex = useCellTabIndex()

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current
    const list = listRef.current
    if (!wrapper || !list || expanded) return
    const measure = () => {
      const widths = Array.from(list.children, (item) => (item as HTMLElement).offsetWidth)
      // No layout (jsdom, a hidden tab): show everything rather than guess.
      setFit(wrapper.clientWidth === 0 ? widths.length : chipsThatFit(widths, wrapper.clientWidth))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(wrapper)
    return () => observer.disconnect()
  }, [entries, expanded])

  if (entries.length === 0) return null
  const hidden = expanded ? 0 : entries.length - fit
  return (
    <div ref={wrapperRef} className={`metadata-cell${expanded ? ' is-expanded' : ''}`}>
      <ul ref={listRef} className="chip-list chip-line" aria-label={`Metadata of ${id}`}>
        {entries.map(([key, value], index) => (
          <li key={key} className={!expanded && index >= fit ? 'chip-overflow' : undefined}>
            <button
              type="button"
              className="chip"
              tabIndex={tabIndex}
              aria-label={`Filter by ${key}=${value}`}
              onClick={() => onFilter(key, value)}
            >
              {key}={value}
            </button>
          </li>
        ))}
      </ul>
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className="chip chip-more"
          tabIndex={tabIndex}
          aria-expanded={expanded}
          aria-label={
            expanded ? `Show less metadata of ${id}` : `Show all ${entries.length} metadata of ${id}`
          }
          title={entries.map(([key, value]) => `${key}=${value}`).join('\n')}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Less' : `+${hidden}`}
        </button>
      ) : null}
    </div>
  )
}
