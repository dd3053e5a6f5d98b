import '../styles/controls.css'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

interface DisclosurePopoverProps {
  /** The button's text, which also names the group it opens. */
  label: string
  children: ReactNode
}

/**
 * A button that shows a group of settings below it, over what follows (nothing moves). It stays in the page
 * while closed (hidden), so what is open inside it stays open. Esc, the button again, or a click outside closes
 * it; Esc gives focus back to the button.
 */
export function DisclosurePopover({ label, children }: DisclosurePopoverProps) {
  const [isOpen, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!isOpen) return
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [isOpen])
  return (
    // Esc anywhere in it closes it; the wrapper only listens.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="disclosure-popover"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isOpen) return
        event.stopPropagation()
        setOpen(false)
        button.current?.focus()
      }}
    >
      <button
        ref={button}
        type="button"
        className="button button-small"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        {label}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={label.replace(/…$/, '')}
        className="popover-panel"
        hidden={!isOpen}
      >
        {children}
      </div>
    </div>
  )
}
