import { lazy } from 'react'

/* The bulk dialogs load on first use (most sessions never open them); each is declared once, here. */

export const BulkDialog = lazy(async () => ({ default: (await import('./BulkDialog')).BulkDialog }))
export const LastRunDialog = lazy(async () => ({ default: (await import('./LastRunDialog')).LastRunDialog }))
