import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { usePreference } from '../lib/usePreference'
import { ChoiceSelect } from './ChoiceSelect'

export const TIME_MODES = ['relative', 'local', 'utc'] as const
export type TimeMode = (typeof TIME_MODES)[number]

const MODE_CHOICES: readonly (readonly [TimeMode, string])[] = [
  ['relative', 'Relative'],
  ['local', 'Local time'],
  ['utc', 'UTC'],
]

interface TimeDisplay {
  mode: TimeMode
  setMode: (mode: TimeMode) => void
}

const TimeDisplayContext = createContext<TimeDisplay>({
  mode: 'relative',
  setMode: () => {},
})

export function TimeDisplayProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = usePreference<TimeMode>('time-mode', TIME_MODES, 'relative')
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode])
  return <TimeDisplayContext.Provider value={value}>{children}</TimeDisplayContext.Provider>
}

export function useTimeDisplay(): TimeDisplay {
  return useContext(TimeDisplayContext)
}

export function TimeDisplaySetting() {
  const { mode, setMode } = useTimeDisplay()
  return <ChoiceSelect label="Times" value={mode} choices={MODE_CHOICES} onChange={setMode} />
}
