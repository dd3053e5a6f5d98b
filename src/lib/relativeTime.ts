const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'long' })

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/** Intl's formatting is slow next to a table's render, and a page holds few distinct texts. */
const relativeTexts = new Map<string, string>()

function relativeText(count: number, unit: Intl.RelativeTimeFormatUnit): string {
  const key = `${count} ${unit}`
  let text = relativeTexts.get(key)
  if (text === undefined) relativeTexts.set(key, (text = relativeFormat.format(count, unit)))
  return text
}

/** "3 minutes ago", "in 5 seconds"; "just now" within five seconds either way. */
export function formatRelative(timestamp: number, now: number): string {
  const delta = timestamp - now
  if (Math.abs(delta) < 5000) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size || unit === 'second') {
      return relativeText(Math.trunc(delta / size), unit)
    }
  }
  return 'just now'
}
