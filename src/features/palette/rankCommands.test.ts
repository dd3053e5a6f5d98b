import { describe, expect, it } from 'vitest'
import type { Command } from '../../components/commands'
import { matchScore, rankCommands, readsAsCommand } from './rankCommands'

const command = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group: 'Action',
  run: () => {},
  ...extra,
})

const commands = [
  command('export', 'Export…', { keywords: 'download csv' }),
  command('matching', 'Reschedule all matching…'),
  command('refresh', 'Refresh the list now', { group: 'List' }),
  command('open', 'Reschedule exec-1', { group: 'Execution', current: true }),
  command('window', 'Time window: Last hour', { group: 'Time window' }),
]
const ids = (list: Command[]) => list.map((entry) => entry.id)

describe('rankCommands', () => {
  it('finds a command by the start of its words, its group or its keywords, best match first', () => {
    expect(ids(rankCommands(commands, 'exp', []))).toEqual(['export'])
    expect(ids(rankCommands(commands, 'csv', []))).toEqual(['export'])
    expect(ids(rankCommands(commands, 'last hour', []))).toEqual(['window'])
    expect(ids(rankCommands(commands, 'time window', []))).toEqual(['window'])
  })

  it('puts the open execution’s own command before others that match as well', () => {
    expect(ids(rankCommands(commands, 'r', [])).slice(0, 1)).toEqual(['open'])
    expect(ids(rankCommands(commands, 'resch', []))).toEqual(['open', 'matching'])
  })

  it('matches letters in order as a last resort, and nothing else', () => {
    expect(matchScore(commands[0] as Command, 'xpt')).toBeGreaterThan(0)
    expect(ids(rankCommands(commands, 'zzz', []))).toEqual([])
  })

  it('lists the most recently used first when nothing is typed, then as offered', () => {
    expect(ids(rankCommands(commands, '', ['window', 'refresh']))).toEqual([
      'open',
      'window',
      'refresh',
      'export',
      'matching',
    ])
    expect(ids(rankCommands(commands, 're', ['refresh']))[1]).toBe('refresh')
  })

  it('reads a pasted id as an id, and the start of a command’s words as a command', () => {
    expect(readsAsCommand(commands, 'exec-000123')).toBe(false)
    expect(readsAsCommand(commands, '6f1c2a9e-9d7b-4c1e-a3f0-2b8d5e7c9a10')).toBe(false)
    expect(readsAsCommand(commands, 'exp')).toBe(true)
    expect(readsAsCommand(commands, 'last hour')).toBe(true)
    expect(readsAsCommand(commands, '')).toBe(false)
  })
})
