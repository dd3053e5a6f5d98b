import { dateTime } from '../../lib/windowText'
import type { ListFilters } from '../../../shared/filters'
import type { TimeWindow } from '../../../shared/timeWindow'
import type { FailureGroup } from '../../../shared/triage'

/** A group's name as the board and its dialogs say it: the value, the burst's times, or what it lacks. */
export function groupLabel(group: FailureGroup, key: string | null, utc: boolean): string {
  if (group.id === 'rest') return 'Outside bursts'
  if (group.id === 'key-missing') return `No ${key ?? 'value'}`
  if (group.selection?.kind === 'window')
    return `Burst, ${dateTime(group.selection.from, utc)} to ${dateTime(group.selection.to, utc)}`
  return group.label
}

/** Why a group cannot be rescheduled from the board, or null when it can. */
export function rescheduleBlock(group: FailureGroup): string | null {
  if (group.selection !== null) return null
  if (group.id === 'rest') return 'Failures outside bursts share no filter the list can select them by.'
  if (group.id.startsWith('shape:'))
    return 'The API cannot filter by attempts; this group holds only the sampled failures whose attempts were read.'
  return 'The API cannot filter for a missing metadata key.'
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

/** The view's filters and window narrowed to exactly the group's failures, or null when no filter selects it. */
export function groupSelection(
  group: FailureGroup,
  filters: ListFilters,
  window: TimeWindow,
): { filters: ListFilters; window: TimeWindow } | null {
  const selection = group.selection
  if (!selection) return null
  if (selection.kind === 'window') {
    const { from, to, field } = selection
    return {
      filters: { states: ['failed'], metadata: filters.metadata },
      window: { kind: 'absolute', from, to, field },
    }
  }
  const metadata = [
    ...filters.metadata.filter((entry) => entry.key !== selection.key),
    { key: selection.key, values: [selection.value] },
  ]
  return { filters: { states: ['failed'], metadata }, window }
}
