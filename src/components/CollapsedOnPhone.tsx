import type { ReactNode } from 'react'
import { useMediaQuery } from '../lib/useMediaQuery'

/** Below 700 px the controls fold behind a summary line, so the list starts near the top of a phone. */
export function CollapsedOnPhone({ summary, children }: { summary: string; children: ReactNode }) {
  const isPhone = useMediaQuery('(max-width: 699px)')
  if (!isPhone) return children
  return (
    <details className="phone-disclosure">
      <summary>{summary}</summary>
      {children}
    </details>
  )
}
