import type { KeyboardEvent } from 'react'

/** A held Enter repeats keydown (and with it click); one press is one action. */
export function ignoreKeyRepeat(event: KeyboardEvent) {
  if (event.repeat && (event.key === 'Enter' || event.key === ' ')) event.preventDefault()
}
