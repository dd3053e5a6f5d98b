import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { usePreference, useStoredPreference } from '../lib/usePreference'
import { parseColumnLayout, serializeColumnLayout, type ColumnLayout } from '../lib/columnLayout'
import { ChoiceSelect } from './ChoiceSelect'

export const DENSITIES = ['comfortable', 'compact'] as const
export type Density = (typeof DENSITIES)[number]

const DENSITY_CHOICES: readonly (readonly [Density, string])[] = [
  ['comfortable', 'Comfortable'],
  ['compact', 'Compact'],
]

interface ListDisplay {
  density: Density
  setDensity: (density: Density) => void
  /** Column order and hidden columns, by column id; columns it does not name keep their place at the end. */
  columns: ColumnLayout
  setColumns: (layout: ColumnLayout) => void
}

const ListDisplayContext = createContext<ListDisplay>({
  density: 'comfortable',
  setDensity: () => {},
  columns: { order: [], hidden: [] },
  setColumns: () => {},
})

export function ListDisplayProvider({ children }: { children: ReactNode }) {
  const [density, setDensity] = usePreference<Density>('density', DENSITIES, 'comfortable')
  const [columns, setColumns] = useStoredPreference('columns', parseColumnLayout, serializeColumnLayout)
  const value = useMemo(
    () => ({ density, setDensity, columns, setColumns }),
    [density, setDensity, columns, setColumns],
  )
  return <ListDisplayContext.Provider value={value}>{children}</ListDisplayContext.Provider>
}

export function useListDisplay(): ListDisplay {
  return useContext(ListDisplayContext)
}

export function DensitySetting() {
  const { density, setDensity } = useListDisplay()
  return <ChoiceSelect label="Density" value={density} choices={DENSITY_CHOICES} onChange={setDensity} />
}
