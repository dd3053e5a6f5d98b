import { useSlice } from '../lib/useClientStore'
import { timeModeSlice, type TimeMode } from './preferences'

export { TIME_MODES, type TimeMode } from './preferences'

/** The Times setting: relative, local or UTC, shared by every view (the list's tools set it: `ListDisplay`). */
export function useTimeMode(): TimeMode {
  return useSlice(timeModeSlice)
}
