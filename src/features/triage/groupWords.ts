import { dateTime, windowText } from '../../lib/windowText'
import type { ListFilters } from '../../../shared/filters'
import type { TimeWindow } from '../../../shared/timeWindow'
import type { FailureGroup } from '../../../shared/triage'
import { visibleText } from '../../../shared/visibleText'

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

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

/**
 * A group named with its view, as a dialog says what it acts on: "trigger = schedule (last hour, env = production)".
 */
export function groupName(
  group: FailureGroup,
  key: string | null,
  filters: ListFilters,
  window: TimeWindow,
  utc: boolean,
): string {
  const selection = group.selection
  const name =
    selection?.kind === 'metadata'
      ? `${visibleText(selection.key)} = ${visibleText(selection.value)}`
      : groupLabel(group, key, utc)
  const context = [
    ...(window.kind === 'any' || selection?.kind === 'window' ? [] : [lowerFirst(windowText(window, utc))]),
    ...filters.metadata
      .filter((entry) => selection?.kind !== 'metadata' || entry.key !== selection.key)
      .map((entry) => `${visibleText(entry.key)} = ${entry.values.map(visibleText).join(' or ')}`),
  ]
  return context.length > 0 ? `${name} (${context.join(', ')})` : name
}
