import { useLayoutEffect, useRef, type ReactNode } from 'react'

interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string
  className?: string
  /** Esc: the dialog stays open unless the owner closes it. */
  onEscape: () => void
  children: ReactNode
}

/** A native modal <dialog>: focus containment, an inert background and Esc; closing hands focus back. */
export function ModalDialog({ labelledBy, className, onEscape, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  // Layout effect: its cleanup runs while the dialog is still attached, so close() returns focus.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={dialogRef}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault()
        onEscape()
      }}
    >
      {children}
    </dialog>
  )
}
