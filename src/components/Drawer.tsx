import '../styles/drawer.css'
import type { ReactNode } from 'react'
import { AnnouncerHost } from './AnnouncerHost'
import { ModalDialog } from './ModalDialog'

interface DrawerProps {
  label: string
  onClose: () => void
  children: ReactNode
}

/**
 * A side sheet over the page for narrow screens: a modal dialog, so focus stays inside and the list behind is
 * inert. Esc closes it (content that handles Esc itself prevents the default first). It hosts the live
 * region while open, since an inert one is not read out.
 */
export function Drawer({ label, onClose, children }: DrawerProps) {
  return (
    <ModalDialog label={label} className="drawer" onEscape={onClose}>
      {children}
      <AnnouncerHost />
    </ModalDialog>
  )
}
