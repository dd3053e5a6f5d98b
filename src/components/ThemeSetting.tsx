import { useEffect } from 'react'
import { usePreference } from '../lib/usePreference'
import { ChoiceSelect } from './ChoiceSelect'

const THEMES = ['system', 'light', 'dark'] as const
type Theme = (typeof THEMES)[number]
const CHOICES: readonly (readonly [Theme, string])[] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
]

/** Light, dark, or the OS's choice; remembered. index.html applies it before first paint too. */
export function ThemeSetting() {
  const [theme, setTheme] = usePreference<Theme>('theme', THEMES, 'system')
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }, [theme])
  return <ChoiceSelect label="Theme" value={theme} choices={CHOICES} onChange={setTheme} />
}
