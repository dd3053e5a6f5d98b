import { PendingButton } from '../components/PendingButton'
import { afterFirstScreen, lazyPart } from '../lib/lazyPart'

const loadTools = () => import('./DashboardTools')
const tools = afterFirstScreen(loadTools)

/** Starts loading the tools (at app start, in parallel with the session and the first list call). */
export const preloadDashboardTools = () => void tools()

/** The header's session line and theme; until they load, the session line's place is kept. */
export const HeaderTools = lazyPart(tools, 'HeaderTools', <div className="session-status" />)
export const LinkTools = lazyPart(tools, 'LinkTools')
export const BulkTools = lazyPart(tools, 'BulkTools')
/** A bulk run's live counts, report and file, when the list shows only that run's executions. */
export const RunSummaryTools = lazyPart(tools, 'RunSummaryTools')
/** The command palette's button and Ctrl+K; the palette itself loads on first use. */
export const PaletteTools = lazyPart(tools, 'PaletteTools')
/** "Since you last looked", when the user comes back to a view that changed. */
export const DigestTools = lazyPart(tools, 'DigestTools')
/** The failure groups board when the URL opens it (`triage=1`); the board itself loads only then. */
export const TriageTools = lazyPart(tools, 'TriageTools')
/**
 * The audit trail's view, when the URL opens it (`audit=1`); the view itself loads only then. At once: the trail's
 * page is the first screen there.
 */
export const AuditTools = lazyPart(loadTools, 'AuditTools')
/** Watches: the stream of notices, toasts and the Watches dialog; and a row's or the panel's Watch button. */
export const WatchTools = lazyPart(tools, 'WatchTools')
/** A row's or the panel's Watch button; until it is there, a look-alike holds its place (see PendingButton). */
export const WatchToggle = lazyPart(tools, 'WatchToggle', <PendingButton label="Watch" />)
/** A row's and the panel's Reschedule button (the confirmation itself loads on the first click). */
export const RescheduleButton = lazyPart(tools, 'RescheduleButton', <PendingButton label="Reschedule" />)
