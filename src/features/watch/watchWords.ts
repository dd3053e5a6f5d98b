import type { Watch } from '../../api/watches'
import { formatAge } from '../../lib/formatAge'
import { readFilterParams } from '../../../shared/filterCodec'
import { readableState } from '../../../shared/states'
import { thresholdText } from '../../../shared/watches'

/** What the server last saw of a watch, and from where, in words. */
export function seenWords(watch: Watch, now: number): string {
  const seen = watch.seen
  if (!seen) return 'Not looked at yet.'
  const when = `as the dashboard’s index saw it ${formatAge(seen.at, now)}`
  if (watch.kind === 'execution') {
    if (seen.state === null || seen.state === undefined)
      return 'The dashboard’s index has not seen this execution yet.'
    if (seen.outcomePending) return `Finished; the index is reading how it ended (${when}).`
    return `${readableState(seen.state)}, ${when}.`
  }
  if (!watch.threshold || seen.count === undefined) return 'Not counted yet.'
  const figure = `${seen.exact ? '' : 'at least '}${seen.count}`
  const verdict = seen.above ? 'over its threshold' : seen.exact ? 'within its threshold' : 'not known yet'
  return `${figure} now: ${verdict} (${thresholdText(watch.threshold)}), ${when}.`
}

/** A name for a view from its filters: "env=production, state failed", or "All executions". */
export function viewName(view: string): string {
  const { filters } = readFilterParams(new URLSearchParams(view))
  const parts = [
    ...filters.metadata.map((filter) => `${filter.key}=${filter.values.join('|')}`),
    ...(filters.states.length > 0 ? [`state ${filters.states.join('|')}`] : []),
  ]
  return parts.length > 0 ? parts.join(', ') : 'All executions'
}
