import { readMetadataValues, type MetadataValue } from '../../shared/metadata.ts'
import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'
import { normaliseTimestamp, timestampInstant } from '../../shared/timestamps.ts'
import { isIsoOf, isoOf } from './isoTime.ts'

/** One execution as the index keeps it: what the list said of it, and when the index last saw it. */
export interface IndexedExecution {
  id: string
  /** As the API spells it. */
  state: string
  meaning: KnownExecutionState | null
  /** Epoch ms, or null when the API sent no usable time with a zone. */
  createdAt: number | null
  updatedAt: number | null
  /**
   * The time as the API sent it, kept only when it is not the ISO form of `createdAt` (null: it is, or none came):
   * a million rows kept two such strings, 80 bytes each. `rawCreated` gives it back.
   */
  createdText: string | null
  updatedText: string | null
  /** As the API matches it (shared/metadata); null when the API sent none: never judged by a metadata filter. */
  metadata: Readonly<Record<string, MetadataValue>> | null
  /** When the API was asked for the latest report of it (the request's send time, not its answer's arrival). */
  lastSeenAt: number
  /** It left the active set (created, started) without the index seeing where to: finished, outcome unknown. */
  outcomePending: boolean
}

/**
 * Strings repeat across a million rows (states, metadata keys and values): one copy of each. Whole metadata objects
 * repeat too (a few hundred combinations of env, team, region… over a million rows): one frozen copy of each, up to
 * `objectLimit` of them, 80 bytes a row less at a million (`npm run bench:row-memory`).
 */
export function createInterner(limit = 200_000, objectLimit = 20_000) {
  const strings = new Map<string, string>()
  const objects = new Map<string, Readonly<Record<string, MetadataValue>>>()
  const intern = (text: string): string => {
    const known = strings.get(text)
    if (known !== undefined) return known
    if (strings.size < limit) strings.set(text, text)
    return text
  }
  /** Metadata with one copy of each key and value, and of each whole object; shared, so frozen. */
  const metadata = (
    values: Readonly<Record<string, MetadataValue>>,
  ): Readonly<Record<string, MetadataValue>> => {
    const key = JSON.stringify(values)
    const known = objects.get(key)
    if (known !== undefined) return known
    const made: Record<string, MetadataValue> = {}
    for (const [name, value] of Object.entries(values))
      made[intern(name)] = typeof value === 'string' ? intern(value) : Object.freeze(value.map(intern))
    Object.freeze(made)
    if (objects.size < objectLimit) objects.set(key, made)
    return made
  }
  return Object.assign(intern, { metadata })
}
export type Interner = ReturnType<typeof createInterner>

/** A time as the API sent it (a number kept as its digits), or null when it sent none. */
export const rawTime = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null

function instant(value: unknown): number | null {
  const normalised = normaliseTimestamp(value)
  return normalised === null ? null : timestampInstant(normalised)
}

/** What a row keeps of a time's text: nothing when it is the instant's ISO form, as most APIs send it. */
export const timeText = (raw: string | null, at: number | null): string | null =>
  raw !== null && at !== null && isIsoOf(raw, at) ? null : raw

const rawOf = (text: string | null, at: number | null): string | null =>
  text ?? (at === null ? null : isoOf(at))

/** The row's created_at as the API sent it (a number as its digits), or null when it sent none. */
export const rawCreated = (row: IndexedExecution) => rawOf(row.createdText, row.createdAt)
/** The row's updated_at as the API sent it (a number as its digits), or null when it sent none. */
export const rawUpdated = (row: IndexedExecution) => rawOf(row.updatedText, row.updatedAt)

/** An API row as the index keeps it, or null when it has no id or state it can key and count by. */
export function readApiRow(
  row: Record<string, unknown>,
  seenAt: number,
  intern: Interner,
): IndexedExecution | null {
  const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : null
  if (id === null || id === '' || typeof row.state !== 'string') return null
  const hasMetadata = row.metadata !== undefined && row.metadata !== null
  const metadata = hasMetadata ? intern.metadata(readMetadataValues(row.metadata)) : null
  const createdAt = instant(row.created_at)
  const updatedAt = instant(row.updated_at)
  return {
    id,
    state: intern(row.state),
    meaning: stateMeaning(row.state),
    createdAt,
    updatedAt,
    createdText: timeText(rawTime(row.created_at), createdAt),
    updatedText: timeText(rawTime(row.updated_at), updatedAt),
    metadata,
    lastSeenAt: seenAt,
    outcomePending: false,
  }
}

/** A row as the API sent it: its own spellings and timestamps, and its metadata. */
export const asApiRow = (row: IndexedExecution) => ({
  id: row.id,
  state: row.state,
  created_at: rawCreated(row),
  updated_at: rawUpdated(row),
  ...(row.metadata === null ? {} : { metadata: row.metadata }),
})

/** Known live states, and unknown ones (never treated as final): what the active re-scan asks for again. */
export const isActive = (row: IndexedExecution) =>
  row.meaning === null || row.meaning === 'created' || row.meaning === 'started'

/**
 * Whether `incoming` is news about `known`: asked of the API no earlier, and different. An answer to a request sent
 * before the one the index holds never wins (a page read before a reschedule, arriving after it); a later one does,
 * whatever its updated_at says (the API's word now, even if its times went back).
 */
export function isNewer(incoming: IndexedExecution, known: IndexedExecution | undefined): boolean {
  if (!known) return true
  if (incoming.lastSeenAt < known.lastSeenAt) return false
  return (
    known.outcomePending ||
    incoming.state !== known.state ||
    // A time's text is a function of its instant and what is kept of its text: equal pairs, equal texts.
    incoming.updatedAt !== known.updatedAt ||
    incoming.updatedText !== known.updatedText ||
    incoming.createdAt !== known.createdAt ||
    incoming.createdText !== known.createdText ||
    (incoming.metadata !== known.metadata &&
      JSON.stringify(incoming.metadata) !== JSON.stringify(known.metadata))
  )
}
