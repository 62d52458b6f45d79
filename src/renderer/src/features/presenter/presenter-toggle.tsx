import { useEffect } from 'react'
import { useCommandStore } from '../../stores/command-store'
import { usePresenterStore } from '../../stores/presenter-store'
import { useSetPresenter } from './use-presenter-mode'
// Presenter mode's styles load with the status-bar switch, always on screen (the step-through itself loads on first use).
import './presenter.css'

/** The one switch of presenter mode (status bar, and "Presenter mode: on/off" in the command palette). */
export function PresenterToggle() {
  const on = usePresenterStore(s => s.on)
  const toggle = useSetPresenter()
  useEffect(() => {
    return useCommandStore.getState().register([
      { id: 'presenter:on', title: 'Presenter mode: on (large type, every secret masked)', run: () => toggle.mutate(true) },
      { id: 'presenter:off', title: 'Presenter mode: off', run: () => toggle.mutate(false) },
    ])
  }, [toggle.mutate])
  return (
    <button
      type="button"
      className="status-button presenter-toggle"
      aria-pressed={on}
      onClick={() => toggle.mutate(!on)}
      disabled={toggle.isPending}
      title="Presenter mode: larger type; every secret, token, code, state and signature masked; reveals and exports with secrets refused"
    >
      Presenter {on ? 'on' : 'off'}
    </button>
  )
}
