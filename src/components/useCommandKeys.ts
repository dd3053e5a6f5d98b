import { useEffect } from 'react'
import { isModalOpen, isTyping } from '../lib/keyTargets'
import { useEarlyKey } from './useEarlyKey'
import { useRunCommand } from './useCommands'

/** Keys that run another part's command from anywhere on the page (the list or the audit trail): held, they act once. */
export const COMMAND_KEYS: Readonly<Record<string, string>> = {
  e: 'export',
  m: 'bulk:matching',
  l: 'views:copy-link',
  g: 'triage',
  t: 'audit',
}

/** e / m / l / g / t: Export, Reschedule all matching, Copy link, Failure groups, Audit trail (components/commands). */
export function useCommandKeys(): void {
  const run = useRunCommand()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTyping(event.target) || isModalOpen()) return
      const command = COMMAND_KEYS[event.key]
      if (!command) return
      event.preventDefault()
      if (!event.repeat) run(command)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [run])
  useEarlyKey('e', () => run('export'))
  useEarlyKey('m', () => run('bulk:matching'))
  useEarlyKey('l', () => run('views:copy-link'))
  useEarlyKey('g', () => run('triage'))
  useEarlyKey('t', () => run('audit'))
}
