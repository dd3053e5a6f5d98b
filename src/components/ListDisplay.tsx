import { useSliceState } from '../lib/useSliceState'
import { ChoiceSelect } from './ChoiceSelect'
import { densitySlice, timeModeSlice, type Density, type TimeMode } from './preferences'

export { DENSITIES, type Density } from './preferences'

const DENSITY_CHOICES: readonly (readonly [Density, string])[] = [
  ['comfortable', 'Comfortable'],
  ['compact', 'Compact'],
]

export function DensitySetting() {
  const [density, setDensity] = useSliceState(densitySlice)
  return <ChoiceSelect label="Density" value={density} choices={DENSITY_CHOICES} onChange={setDensity} />
}

const MODE_CHOICES: readonly (readonly [TimeMode, string])[] = [
  ['relative', 'Relative'],
  ['local', 'Local time'],
  ['utc', 'UTC'],
]

/** The Times setting: relative, local or UTC, shared by every view (read with `useTimeMode`). */
export function TimeDisplaySetting() {
  const [mode, setMode] = useSliceState(timeModeSlice)
  return <ChoiceSelect label="Times" value={mode} choices={MODE_CHOICES} onChange={setMode} />
}
