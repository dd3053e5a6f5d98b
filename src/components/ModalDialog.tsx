import { useLayoutEffect, useRef, type ReactNode } from 'react'

interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading); or `label`, its name as text. */
  labelledBy?: string
  label?: string
  /** Its whole class list: "dialog …" for a centred dialog, "drawer" for the attempts drawer. */
  className: string
  /** Esc: the dialog stays open unless the owner closes it. */
  onEscape: () => void
  children: ReactNode
}

/** A native modal <dialog>: focus containment, an inert background and Esc; closing hands focus back. */
export function ModalDialog({ labelledBy, label, className, onEscape, children }: ModalDialogProps) {
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
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault()
        onEscape()
      }}
    >
      {children}
    </dialog>
  )
}
