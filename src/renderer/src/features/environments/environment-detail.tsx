import { useState } from 'react'
import type { EnvironmentDetail } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { PATH_KEYS, PATH_LABELS } from './form-model'
import { SecretValue } from './secret-value'
import { useDeleteEnvironment, useDuplicateEnvironment } from './use-environment-actions'

/** One environment's facts (redirect URI as sent, paths, flow settings, secret masked) and its actions. */
export function EnvironmentDetailView({
  env,
  onEdit,
  onDuplicated,
  onDeleted,
}: {
  env: EnvironmentDetail
  onEdit: () => void
  onDuplicated: (env: EnvironmentDetail) => void
  onDeleted: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const duplicate = useDuplicateEnvironment(env.id, onDuplicated)
  const remove = useDeleteEnvironment(env.id, onDeleted)
  return (
    <section className="env-detail" aria-label={`Environment ${env.name}`}>
      <h2>{env.name}</h2>
      <dl className="facts">
        <dt>auth_url</dt>
        <dd className="mono">{env.authUrl}</dd>
        <dt>base_url</dt>
        <dd className="mono">{env.baseUrl}</dd>
        <dt>client_id</dt>
        <dd className="mono">{env.clientId}</dd>
        <dt>client_secret</dt>
        <dd>
          <SecretValue env={env} />
        </dd>
        <dt>redirect_uri</dt>
        <dd className="mono">{env.redirectUri}</dd>
        <dt>sent as</dt>
        <dd className="mono">{env.redirectUriAsSent}</dd>
        <dt>Flow</dt>
        <dd>
          catch: <span className="mono">{env.catchMode}</span> · PKCE {env.pkce ? 'on' : 'off'} · callback timeout{' '}
          {env.callbackTimeoutSeconds}s · state echo {env.requireStateEcho ? 'required' : 'optional'}
        </dd>
        <dt>Paths</dt>
        <dd>
          <table className="table table--dense env-detail__paths">
            <tbody>
              {PATH_KEYS.map(k => (
                <tr key={k}>
                  <td>{PATH_LABELS[k]}</td>
                  <td className="mono">
                    {env.paths[k]}
                    {env.pathOverrides[k] ? <span className="badge">override</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </dd>
      </dl>
      {env.warnings.length > 0 ? (
        <ul className="env-form__warnings" aria-label="Warnings">
          {env.warnings.map(w => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <div className="env-form__actions">
        <button type="button" className="btn" onClick={onEdit}>
          {env.editable ? 'Edit' : 'Edit flow settings'}
        </button>
        <button type="button" className="btn" onClick={() => duplicate.mutate()} disabled={duplicate.isPending}>
          Duplicate
        </button>
        {env.deletable ? (
          confirming ? (
            <span className="env-detail__confirm">
              Delete “{env.name}” with its secret and tokens?
              <button type="button" className="btn btn--danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                Delete for good
              </button>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )
        ) : null}
      </div>
      <ErrorBox error={duplicate.error} title="Could not duplicate." />
      <ErrorBox error={remove.error} title="Could not delete." />
    </section>
  )
}
