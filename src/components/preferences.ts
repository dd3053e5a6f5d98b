import { choiceSlice, sessionSlice, storedSlice } from '../lib/clientStore'
import { parseColumnLayout, serializeColumnLayout } from '../lib/columnLayout'

/*
 * This browser's display preferences, as slices of the client store (kept in localStorage, followed across
 * tabs), and the one piece of session state every view shares: live refresh held while a dialog is open.
 */
export const TIME_MODES = ['relative', 'local', 'utc'] as const
export type TimeMode = (typeof TIME_MODES)[number]
export const timeModeSlice = choiceSlice<TimeMode>('time-mode', TIME_MODES, 'relative')

export const DENSITIES = ['comfortable', 'compact'] as const
export type Density = (typeof DENSITIES)[number]
export const densitySlice = choiceSlice<Density>('density', DENSITIES, 'comfortable')

/** Columns a list shows only once chosen: hidden until the layout names them. */
const HIDDEN_BY_DEFAULT = ['duration']

/** Column order and hidden columns, by column id; columns it does not name keep their place at the end. */
export const columnsSlice = storedSlice(
  'columns',
  (text) => {
    const layout = parseColumnLayout(text)
    const unnamed = HIDDEN_BY_DEFAULT.filter((id) => !layout.order.includes(id))
    return { ...layout, hidden: [...layout.hidden, ...unnamed] }
  },
  serializeColumnLayout,
)

export const REFRESH_INTERVALS = ['5', '10', '30', '60'] as const
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number]
export const autoRefreshSlice = choiceSlice('auto-refresh', ['on', 'off'] as const, 'on')
export const refreshIntervalSlice = choiceSlice<RefreshInterval>('refresh-interval', REFRESH_INTERVALS, '10')

export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
/** index.html reads the same key before first paint. */
export const themeSlice = choiceSlice<Theme>('theme', THEMES, 'system')

/** How many open dialogs hold live refresh (rows must not move under them). */
export const refreshPausesSlice = sessionSlice('refresh-pauses', () => 0)
