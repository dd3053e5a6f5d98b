import type { MetadataFilter } from '../../../api'

/** What the dashboard has seen of a filtered metadata key, and the value it would guess for one it has not seen. */
export interface NearMiss {
  key: string
  /** The key's values seen on any list page so far (up to 8 named). */
  seen: string[]
  more: number
  /** A filter value that no row showed, and the seen value nearest to it (a typo, another case, a prefix). */
  guess: { from: string; to: string } | null
}

const SHOWN = 8

/** Edits (insert, delete, replace) from `a` to `b`, up to `limit` + 1. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i]
    for (let j = 1; j <= b.length; j += 1)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = row
  }
  return previous[b.length] ?? limit + 1
}

/** The seen value nearest to `value`: the same but for case, one starting with it, or within a few edits. */
export function nearestValue(value: string, seen: readonly string[]): string | null {
  const lower = value.toLowerCase()
  const sameCase = seen.find((candidate) => candidate.toLowerCase() === lower)
  if (sameCase) return sameCase
  const limit = Math.max(1, Math.floor(value.length / 3))
  let best: { value: string; score: number } | null = null
  for (const candidate of seen) {
    const other = candidate.toLowerCase()
    const score = other.startsWith(lower) || lower.startsWith(other) ? 0.5 : distance(lower, other, limit)
    if (score <= limit && (!best || score < best.score)) best = { value: candidate, score }
  }
  return best?.value ?? null
}

/** For each filtered key the dashboard has seen values of: what it has seen, and a guess for a value it has not. */
export function nearMisses(metadata: readonly MetadataFilter[], seen: Record<string, string[]>): NearMiss[] {
  return metadata.flatMap((filter) => {
    const values = seen[filter.key]
    if (!values || values.length === 0) return []
    const unseen = filter.values.filter((value) => !values.includes(value))
    if (unseen.length === 0) return []
    const guesses = unseen.flatMap((from) => {
      const to = nearestValue(from, values)
      return to === null ? [] : [{ from, to }]
    })
    return [
      {
        key: filter.key,
        seen: values.slice(0, SHOWN),
        more: Math.max(0, values.length - SHOWN),
        guess: guesses[0] ?? null,
      },
    ]
  })
}
