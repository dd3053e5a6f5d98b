import '../styles/badge.css'
import type { ExecutionState } from '../api'
import { describeState } from './StateCell'

/** Icon plus text, never colour alone; an unknown state shows its raw value in a neutral badge. */
export function StateBadge({ state }: { state: ExecutionState }) {
  const look = describeState(state)
  return (
    // The icon is drawn by CSS from data-icon (one element per badge), and is not read out.
    <span className={`badge tone-${look.tone}`} data-icon={look.icon}>
      {look.label}
    </span>
  )
}
