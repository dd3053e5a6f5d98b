/**
 * Metadata is not in the spec. APIs send it as an object (the demo) or as an array of `{key, value}` pairs; both
 * are read. A value is read as the API matches it (`?m.build=1234` matches `build: 1234`, `?m.tags=a` matches
 * `tags: ["a", "b"]`): a string as itself, a number or boolean as its text, a list by each such member. Anything
 * else (an object, null) is left out.
 */
export type MetadataValue = string | readonly string[]

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'boolean') return String(value)
  return null
}

function valueOf(value: unknown): MetadataValue | null {
  if (!Array.isArray(value)) return scalarText(value)
  const members = (value as unknown[]).map(scalarText).filter((member) => member !== null)
  return members.length === value.length ? members : null
}

function entriesOf(raw: unknown): [string, unknown][] {
  if (raw === null || typeof raw !== 'object') return []
  if (!Array.isArray(raw)) return Object.entries(raw)
  return (raw as unknown[]).flatMap((item): [string, unknown][] => {
    if (item === null || typeof item !== 'object') return []
    const { key, value } = item as Record<string, unknown>
    return typeof key === 'string' ? [[key, value]] : []
  })
}

/** Every metadata key with its value as the API matches it. */
export function readMetadataValues(raw: unknown): Record<string, MetadataValue> {
  const values: Record<string, MetadataValue> = {}
  for (const [key, value] of entriesOf(raw)) {
    const read = valueOf(value)
    if (read !== null) values[key] = read
  }
  return values
}

/** A value in words: a list's members joined by ", ". */
export const metadataText = (value: MetadataValue): string =>
  typeof value === 'string' ? value : value.join(', ')

/** Every metadata key with its value in words, for display. */
export function readMetadata(raw: unknown): Record<string, string> {
  const values = readMetadataValues(raw)
  const texts: Record<string, string> = {}
  for (const key of Object.keys(values)) texts[key] = metadataText(values[key] as MetadataValue)
  return texts
}

/** The values a filter can match in `value`: itself, or each member of a list. */
export const matchableValues = (value: MetadataValue | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value

/** Whether a row's value for a key matches one of the values a filter asks for, as the API matches it. */
export const metadataMatches = (value: MetadataValue | undefined, wanted: readonly string[]): boolean =>
  matchableValues(value).some((candidate) => wanted.includes(candidate))

/** Whether a row carries metadata at all: a row without any cannot be judged by a metadata filter. */
export function hasMetadata(raw: unknown): boolean {
  return raw !== undefined && raw !== null
}
