import { useSliceState } from '../lib/useClientStore'
import { ChoiceSelect } from './ChoiceSelect'
import { densitySlice, type Density } from './preferences'

export { DENSITIES, type Density } from './preferences'

const DENSITY_CHOICES: readonly (readonly [Density, string])[] = [
  ['comfortable', 'Comfortable'],
  ['compact', 'Compact'],
]

export function DensitySetting() {
  const [density, setDensity] = useSliceState(densitySlice)
  return <ChoiceSelect label="Density" value={density} choices={DENSITY_CHOICES} onChange={setDensity} />
}
