import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { AnnouncerHost } from './Announcer'

interface DrawerProps {
  label: string
  onClose: () => void
  children: ReactNode
}

/**
 * A side sheet over the page for narrow screens: a native modal <dialog>, so focus stays inside and the
 * list behind is inert. Esc closes it (content that handles Esc itself prevents the default first).
 */
export function Drawer({ label, onClose, children }: DrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {children}
      <AnnouncerHost />
    </dialog>
  )
}
