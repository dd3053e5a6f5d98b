import { useEffect, useState } from 'react'
import { useCellTabIndex } from './cellFocus'

type CopyStatus = 'idle' | 'copied' | 'failed'

const STATUS_TEXT: Record<CopyStatus, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' }

/** Copies `value` (read as it is clicked when a function); its accessible name says what it copies, its text how it went. */
export function CopyButton({
  value,
  label,
  text,
}: {
  value: string | (() => string)
  label: string
  text?: string
}) {
  const [status, setStatus] = useState<CopyStatus>('idle')
  const tabIndex = useCellTabIndex()
  useEffect(() => {
    if (status === 'idle') return
    const timer = window.setTimeout(() => setStatus('idle'), 2000)
    return () => window.clearTimeout(timer)
  }, [status])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof value === 'function' ? value() : value)
      setStatus('copied')
    } catch {
      setStatus('failed')
    }
  }

  return (
    <button
      type="button"
      className="button button-small"
      aria-label={label}
      tabIndex={tabIndex}
      aria-live="polite"
      onClick={() => void copy()}
    >
      {status === 'idle' && text ? text : STATUS_TEXT[status]}
    </button>
  )
}
