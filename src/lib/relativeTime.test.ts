import { describe, expect, it } from 'vitest'
import { formatDuration } from './duration'
import { formatAge } from './formatAge'
import { formatRelative } from './relativeTime'

const now = Date.parse('2026-11-22T12:00:00Z')

describe('formatRelative', () => {
  it.each([
    [now - 2000, 'just now'],
    [now - 30_000, '30 seconds ago'],
    [now - 3 * 60_000, '3 minutes ago'],
    [now - 2 * 3_600_000, '2 hours ago'],
    [now - 3 * 86_400_000, '3 days ago'],
    [now + 90_000, 'in 1 minute'],
  ])('formats %s', (timestamp, expected) => {
    expect(formatRelative(timestamp, now)).toBe(expected)
  })
})

describe('formatAge', () => {
  it('counts seconds, then minutes, then hours', () => {
    expect(formatAge(now - 4000, now)).toBe('4 s ago')
    expect(formatAge(now - 125_000, now)).toBe('2 min ago')
    expect(formatAge(now - 7_300_000, now)).toBe('2 h ago')
  })
})

describe('formatDuration', () => {
  it.each([
    [45_000, '45 s'],
    [192_000, '3 min 12 s'],
    [7_500_000, '2 h 5 min'],
    [273_600_000, '3 d 4 h'],
    [-5, '0 s'],
  ])('formats %s ms', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected)
  })
})
