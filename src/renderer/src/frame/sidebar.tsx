import { useNavStore } from '../stores/nav-store'
import { type ThemeChoice, useThemeStore } from '../stores/theme-store'
import { EnvironmentSwitcher } from './environment-switcher'
import { sections } from './sections'

/** Environment switcher, sections and the theme switch. */
export function Sidebar() {
  const section = useNavStore(s => s.section)
  const go = useNavStore(s => s.go)
  const theme = useThemeStore(s => s.choice)
  const setTheme = useThemeStore(s => s.setChoice)
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="sidebar__brand">Partner API Console</div>
      <EnvironmentSwitcher />
      <ul className="sidebar__sections">
        {sections.map(s => (
          <li key={s.id}>
            <button
              type="button"
              className={`nav-item${s.id === section ? ' nav-item--active' : ''}`}
              aria-current={s.id === section ? 'page' : undefined}
              onClick={() => go(s.id)}
            >
              <span className="nav-item__label">{s.label}</span>
              <span className="nav-item__hint">{s.hint}</span>
            </button>
          </li>
        ))}
      </ul>
      <label className="field sidebar__theme">
        <span className="field__label">Theme</span>
        <select aria-label="Theme" value={theme} onChange={e => setTheme(e.target.value as ThemeChoice)}>
          <option value="system">Follow the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </nav>
  )
}
