import { afterFirstScreen, lazyModule } from '../lib/lazyPart'

/*
 * The tools the first table does without (the header's session line, the toolbar, the overview, the board, the
 * digest, the audit view's frame): one chunk, one boundary. It loads once the first screen is shown (decision 36),
 * or at once where its part is the first screen (the audit trail).
 */
const tools = afterFirstScreen(() => import('./DashboardTools'))

/** Starts loading the tools (once the first screen is shown; see main.tsx). */
export const preloadDashboardTools = () => void tools()

/** The tools' module, null until it is there; `now` loads it without waiting for the first screen. */
export const useDashboardTools = lazyModule(tools)

export type DashboardToolsModule = NonNullable<ReturnType<typeof useDashboardTools>>
