import { useAppInfo } from '../bridge/use-app-info'

/** The sidebar's environment switcher (the built-in sandbox first). */
export function EnvironmentSwitcher() {
  const info = useAppInfo()
  return (
    <label className="field">
      <span className="field__label">Environment</span>
      <select aria-label="Environment" value={info.data?.activeEnvironmentId ?? ''} disabled={!info.data} onChange={() => {}}>
        {info.data?.environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.name}
          </option>
        ))}
        {info.data && info.data.environments.length === 0 ? <option value="">No environment</option> : null}
      </select>
    </label>
  )
}
