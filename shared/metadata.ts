/**
 * Metadata is not in the spec. APIs send it as an object of strings (the demo) or as an array of
 * `{key, value}` pairs; both are read, and values that are not strings are left out.
 */
export function readMetadata(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object') return {}
  const entries: [string, string][] = []
  if (Array.isArray(raw)) {
    for (const item of raw as unknown[]) {
      if (item === null || typeof item !== 'object') continue
      const { key, value } = item as Record<string, unknown>
      if (typeof key === 'string' && typeof value === 'string') entries.push([key, value])
    }
  } else {
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') entries.push([key, value])
  }
  return Object.fromEntries(entries)
}

/** Whether a row carries metadata at all: a row without any cannot be judged by a metadata filter. */
export function hasMetadata(raw: unknown): boolean {
  return raw !== undefined && raw !== null
}
