import { useAppInfo } from '../domain/app-info'
import { useSetActiveEnvironment } from '../domain/environments'
import { ErrorBox } from '../ui/error-box'

/**
 * The sidebar's environment switcher (the built-in sandbox first, as the engine lists it). Choosing one calls
 * `environments:setActive`, then every query is refetched: app:info, tokens, locations, quotas and sandbox controls all belong
 * to the active environment. A change made elsewhere shows here at once (`environments:changed`, frame/live-updates.ts).
 */
export function EnvironmentSwitcher() {
  const info = useAppInfo()
  const setActive = useSetActiveEnvironment()
  const envs = info.data?.environments ?? []
  const sorted = [...envs.filter(e => e.builtIn), ...envs.filter(e => !e.builtIn)]
  const value = setActive.isPending ? (setActive.variables ?? '') : (info.data?.activeEnvironmentId ?? '')
  return (
    <div className="env-switcher">
      <label className="field">
        <span className="field__label">Environment</span>
        <select
          aria-label="Environment"
          value={value}
          disabled={!info.data || envs.length === 0 || setActive.isPending}
          onChange={e => {
            if (e.target.value && e.target.value !== info.data?.activeEnvironmentId) setActive.mutate(e.target.value)
          }}
        >
          {sorted.map(env => (
            <option key={env.id} value={env.id}>
              {env.name}
            </option>
          ))}
          {info.data && envs.length === 0 ? <option value="">No environment</option> : null}
        </select>
      </label>
      {setActive.error ? <ErrorBox error={setActive.error} title="Could not switch." /> : null}
    </div>
  )
}
