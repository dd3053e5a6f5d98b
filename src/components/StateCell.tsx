import { readableState, stateMeaning, type ExecutionState } from '../api'

interface StateLook {
  label: string
  icon: string
  tone: string
}

const KNOWN_STATES: Record<string, StateLook> = {
  created: { label: 'Created', icon: '○', tone: 'created' },
  started: { label: 'Started', icon: '▶', tone: 'started' },
  succeed: { label: 'Succeeded', icon: '✓', tone: 'succeed' },
  failed: { label: 'Failed', icon: '✕', tone: 'failed' },
}

/** Known states by meaning, whatever their spelling; any other state by its own name, in a neutral badge. */
export function describeState(state: ExecutionState): StateLook {
  const meaning = stateMeaning(state)
  return (meaning && KNOWN_STATES[meaning]) ?? { label: readableState(state), icon: '?', tone: 'unknown' }
}

/**
 * The state as a table cell of its own (no badge element inside): the icon is drawn by CSS in the tone's
 * colours, the label is the cell's text.
 */
export function stateCell(state: ExecutionState, column: string) {
  const look = describeState(state)
  return (
    <td data-column={column} className={`state-cell tone-${look.tone}`} data-icon={look.icon}>
      {look.label}
    </td>
  )
}
