import { useSlice, useSliceState } from '../lib/useClientStore'
import { ChoiceSelect } from './ChoiceSelect'
import { timeModeSlice, type TimeMode } from './preferences'

export { TIME_MODES, type TimeMode } from './preferences'

const MODE_CHOICES: readonly (readonly [TimeMode, string])[] = [
  ['relative', 'Relative'],
  ['local', 'Local time'],
  ['utc', 'UTC'],
]

/** The Times setting: relative, local or UTC, shared by every view. */
export function useTimeMode(): TimeMode {
  return useSlice(timeModeSlice)
}

export function TimeDisplaySetting() {
  const [mode, setMode] = useSliceState(timeModeSlice)
  return <ChoiceSelect label="Times" value={mode} choices={MODE_CHOICES} onChange={setMode} />
}
