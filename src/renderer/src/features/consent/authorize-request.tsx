import type { AuthorizeParam } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'

/** The authorize request of docs/api.md#authorize exactly as it is (or will be) opened, and each parameter with why it is there. */
export function AuthorizeRequest({ url, params }: { url: string; params: AuthorizeParam[] }) {
  return (
    <section className="authorize" aria-label="Authorize request">
      <div className="authorize__url">
        <code className="mono" data-testid="authorize-url">
          {url}
        </code>
        <CopyButton text={url} label="Copy URL" />
      </div>
      <div className="table-box">
        <table className="table table--dense">
          <caption className="visually-hidden">Authorize parameters</caption>
          <thead>
            <tr>
              <th>Parameter</th>
              <th>Value</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {params.map(p => (
              <tr key={p.name}>
                <td className="mono">{p.name}</td>
                <td className="mono authorize__value">{p.value}</td>
                <td className="authorize__note">{p.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
