import { useContext, useState } from 'react'
import { useCellTabIndex } from '../../components/cellFocus'
import { ChipRoomContext } from './chipRoom'

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

/** A chip's font is 0.78rem; its padding and border add 18 px (see .chip in filters.css). */
const CHIP_FONT_REM = 0.78
const CHIP_EXTRA_PX = 18
const chipWidths = new Map<string, number>()
let chipFont: { context: CanvasRenderingContext2D; font: string } | null = null

/** A chip's width from the canvas's text metrics, so chips that do not fit need not be in the DOM. */
function chipWidth(text: string): number {
  const cached = chipWidths.get(text)
  if (cached !== undefined) return cached
  if (!chipFont) {
    const context = document.createElement('canvas').getContext('2d')
    if (!context) return 0
    const root = getComputedStyle(document.documentElement)
    chipFont = {
      context,
      font: `${parseFloat(root.fontSize) * CHIP_FONT_REM}px ${getComputedStyle(document.body).fontFamily}`,
    }
  }
  chipFont.context.font = chipFont.font
  const width = Math.ceil(chipFont.context.measureText(text).width) + CHIP_EXTRA_PX
  chipWidths.set(text, width)
  return width
}

/** One line of `key=value` chips, as many as fit (only those are drawn), then "+N" that shows them all. */
export function MetadataChips({ id, entries, onFilter }: MetadataChipsProps) {
  const room = useContext(ChipRoomContext)
  const [expanded, setExpanded] = useState(false)
  const tabIndex = useCellTabIndex()
  // Without a measured width (jsdom, a hidden tab, cards), show everything rather than guess.
  const fit =
    room === 0
      ? entries.length
      : chipsThatFit(
          entries.map(([key, value]) => chipWidth(`${key}=${value}`)),
          room,
        )

  if (entries.length === 0) return null
  const shown = expanded ? entries : entries.slice(0, fit)
  const hidden = entries.length - shown.length
  return (
    <div
      role="group"
      aria-label={`Metadata of ${id}`}
      className={`metadata-cell${expanded ? ' is-expanded' : ''}`}
    >
      {shown.map(([key, value]) => (
        <button
          key={key}
          type="button"
          className="chip"
          tabIndex={tabIndex}
          aria-label={`Filter by ${key}=${value}`}
          onClick={() => onFilter(key, value)}
        >
          {key}={value}
        </button>
      ))}
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
