import { useEffect } from 'react'
import { usePreference } from '../lib/usePreference'

const THEMES = ['system', 'light', 'dark'] as const
type Theme = (typeof THEMES)[number]
const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/** Light, dark, or the OS's choice; remembered. index.html applies it before first paint too. */
export function ThemeSetting() {
  const [theme, setTheme] = usePreference<Theme>('theme', THEMES, 'system')
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }, [theme])
  return (
    <label className="inline-field">
      <span>Theme</span>
      <select
        value={theme}
        onChange={(event) => setTheme(THEMES.find((t) => t === event.target.value) ?? 'system')}
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  )
}
