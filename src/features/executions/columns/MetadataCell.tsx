import { useContext, useState } from 'react'
import { useCellTabIndex } from '../../../components/cellFocus'
import { ChipRoomContext } from './chipRoom'

/** The margin between chips: --space-3 (0.4rem, 6 px; .metadata-cell .chip in table.css). */
const GAP_PX = 6
/** Room kept for the "+N" button when not every chip fits. */
const MORE_BUTTON_PX = 56

interface MetadataChipsProps {
  id: string
  entries: readonly (readonly [key: string, value: string])[]
  onFilter: (key: string, value: string) => void
}

/**
 * How many of `count` chips fit in `available`, keeping room for "+N" when not all do. Widths are asked
 * for in order and only until the line is full.
 */
export function chipsThatFit(count: number, widthOf: (index: number) => number, available: number): number {
  let used = 0
  let fitBesideMore = 0
  for (let index = 0; index < count; index += 1) {
    used += widthOf(index) + (index > 0 ? GAP_PX : 0)
    if (used > available) return fitBesideMore
    if (used <= available - MORE_BUTTON_PX) fitBesideMore = index + 1
  }
  return count
}

/** A chip's font is the type scale's --text-xs (0.75rem); its padding and border add 18 px (.chip in filters.css). */
const CHIP_FONT_REM = 0.75
const CHIP_EXTRA_PX = 18
const chipWidths = new Map<string, number>()
/** A canvas context set to the chips' font (set once: setting a font parses it). */
let chipFont: CanvasRenderingContext2D | null = null

/** A chip's width from the canvas's text metrics, so chips that do not fit need not be in the DOM. */
function chipWidth(text: string): number {
  const cached = chipWidths.get(text)
  if (cached !== undefined) return cached
  if (!chipFont) {
    const context = document.createElement('canvas').getContext('2d')
    if (!context) return 0
    const root = getComputedStyle(document.documentElement)
    const rem = parseFloat(root.getPropertyValue('--text-xs')) || CHIP_FONT_REM
    context.font = `${parseFloat(root.fontSize) * rem}px ${getComputedStyle(document.body).fontFamily}`
    chipFont = context
  }
  const width = Math.ceil(chipFont.measureText(text).width) + CHIP_EXTRA_PX
  chipWidths.set(text, width)
  return width
}

const chipText = (entry: readonly [key: string, value: string] | undefined) =>
  entry ? `${entry[0]}=${entry[1]}` : ''

/**
 * The metadata cell: one line of `key=value` chips, as many as fit (only those are drawn), then "+N" that
 * shows them all. The chips sit in the cell itself, with no wrapper.
 */
export function MetadataCell({ id, entries, onFilter }: MetadataChipsProps) {
  const room = useContext(ChipRoomContext)
  const [expanded, setExpanded] = useState(false)
  const tabIndex = useCellTabIndex()
  // Without a measured width (jsdom, a hidden tab, cards), show everything rather than guess.
  const fit =
    room === 0
      ? entries.length
      : chipsThatFit(entries.length, (index) => chipWidth(chipText(entries[index])), room)

  if (entries.length === 0) return <td data-column="metadata" />
  const shown = expanded ? entries : entries.slice(0, fit)
  const hidden = entries.length - shown.length
  return (
    <td data-column="metadata" className={`metadata-cell${expanded ? ' is-expanded' : ''}`}>
      {/* Each chip's text as one string: `{key}={value}` would be three text nodes. */}
      {shown.map(([key, value]) => (
        <button
          key={key}
          type="button"
          className="chip"
          tabIndex={tabIndex}
          aria-label={`Filter by ${key}=${value}`}
          onClick={() => onFilter(key, value)}
        >
          {`${key}=${value}`}
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
    </td>
  )
}
