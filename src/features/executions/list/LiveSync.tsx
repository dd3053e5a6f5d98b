import { useLayoutEffect } from 'react'
import type { ListParams } from '../../../api'
import { useLiveFeed } from '../../../components/liveFeed'
import { useLiveList, type LiveRows, type SettledAnswer } from './useLiveList'

/*
 * What keeps the list live, loaded with its controls (see LazyControls.tsx): until it is there, the list
 * draws its first answer as it is and asks nothing again (listSource.ts).
 */

/** The tab's live stream for the list on screen (components/liveFeed.ts); it sets the live status. */
export function LiveFeed({ params, everyMs }: { params: ListParams; everyMs: number | false }) {
  useLiveFeed(params, everyMs)
  return null
}

export interface LiveListProps {
  answer: SettledAnswer
  /** The rows the table draws (what `onChange` last gave, once the list has taken it). */
  drawn: unknown
  onChange: (rows: LiveRows) => void
}

/**
 * The live list (useLiveList) for the view model: what to draw goes up through `onChange` before paint, so
 * a new answer is never drawn without its held rows left out.
 */
export function LiveList({ answer, drawn, onChange }: LiveListProps) {
  const live = useLiveList(answer, drawn)
  useLayoutEffect(() => onChange(live), [live, onChange])
  return null
}
