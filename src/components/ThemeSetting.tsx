import { useEffect } from 'react'
import { useSliceState } from '../lib/useSliceState'
import { ChoiceSelect } from './ChoiceSelect'
import { useCommands } from './useCommands'
import { themeSlice, type Theme } from './preferences'

const CHOICES: readonly (readonly [Theme, string])[] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
]

/** Light, dark, or the OS's choice; remembered. index.html applies it before first paint too. */
export function ThemeSetting() {
  const [theme, setTheme] = useSliceState(themeSlice)
  useCommands(() =>
    CHOICES.map(([value, label]) => ({
      id: `theme:${value}`,
      label: `Theme: ${label}`,
      group: 'Display',
      keywords: 'appearance colour color mode',
      disabled: value === theme ? 'already chosen' : null,
      run: () => setTheme(value),
    })),
  )
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }, [theme])
  return <ChoiceSelect label="Theme" value={theme} choices={CHOICES} onChange={setTheme} />
}
