import { useEffect } from 'react'
import { Frame } from './frame/frame'
import { useThemeStore } from './stores/theme-store'

/** Applies the theme (OS preference unless the user chose) and renders the frame. */
export function App() {
  const choice = useThemeStore(s => s.choice)
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = () => {
      const dark = choice === 'dark' || (choice === 'system' && media.matches)
      document.documentElement.dataset.theme = dark ? 'dark' : 'light'
    }
    apply()
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [choice])
  return <Frame />
}
