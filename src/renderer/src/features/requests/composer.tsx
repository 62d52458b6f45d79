import { useMemo, useRef, useState } from 'react'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { useActiveEnvironment, useBuiltInEnvironment } from '../../domain/app-info'
import { CodeEditor } from '../../ui/code-editor'
import { Countdown } from '../../ui/countdown'
import { ErrorBox } from '../../ui/error-box'
import { ExchangeResponse } from '../../ui/exchange-response'
import { placeIssues } from '../../ui/field-issues'
import { useDebounced } from '../../ui/use-debounced'
import { usePanelShortcut } from '../../ui/use-panel-shortcut'
import { useRevealAnswer } from '../../ui/use-reveal-answer'
import { linkFromExchange, openInInspector } from '../inspector'
import { CopyAs } from './copy-as'
import { CurlPaste } from './curl-paste'
import { jsonProblem, placeholders } from './draft-checks'
import { KeyValueTable } from './key-value-table'
import { ProductionConfirm } from './production-confirm'
import { QuotaPrediction } from './quota-prediction'
import { type Draft, useRequestsStore } from './requests-store'
import { SaveBox } from './save-box'
import { sendErrorTitle } from './send-error-title'
import { looksLikeCurl, useCurlImport } from './use-imports'
import { toRequest, useComposerAnswer, useComposerSend } from './use-requests'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']
const SAFE = ['GET', 'HEAD', 'OPTIONS']

/**
 * The composer: method, target, path with {params}, query and header tables, the body in monaco (JSON checked as
 * you type), the auth mode, the quota prediction, Send (Ctrl/⌘+Enter) and Cancel, and the answer in the response view.
 */
export function Composer({ envId, onSaved }: { envId: string | null; onSaved: (name: string) => void }) {
  const draft = useRequestsStore(s => s.draft)
  const origin = useRequestsStore(s => s.origin)
  const tabId = useRequestsStore(s => s.activeId)
  const setDraft = useRequestsStore(s => s.setDraft)
  const last = useComposerAnswer()
  const { send, cancel, retrying } = useComposerSend(envId)
  const debounced = useDebounced(draft, 300)
  const request = useMemo(() => (debounced.path.trim() === '' ? null : toRequest(debounced)), [debounced])
  const params = placeholders(draft.path)
  const problem = jsonProblem(draft)
  const savedId = origin.kind === 'saved' ? origin.id : undefined
  // envId is the active environment's (the Requests panel passes it down).
  const env = useActiveEnvironment()
  const sandboxEnv = useBuiltInEnvironment()
  const [confirming, setConfirming] = useState<{ force: boolean; envName: string; method: string } | null>(null)
  const scope = useRef<HTMLElement>(null)
  const pastedCurl = useCurlImport(envId)
  // A new answer (or failure) to the Send just pressed comes into view, whatever the drawer leaves of the panel.
  const answer = useRevealAnswer<HTMLElement>(!send.isPending && send.submittedAt > 0 ? String(send.submittedAt) : null)
  const doSend = (force = false, confirmProduction?: string) => {
    if (send.isPending) return
    // The production guard: a state-changing request to production asks for the environment's name first.
    if (env?.production && !SAFE.includes(draft.method.toUpperCase()) && confirmProduction === undefined) {
      setConfirming({ force, envName: env.name, method: draft.method.toUpperCase() })
      return
    }
    setConfirming(null)
    send.mutate(
      { draft: useRequestsStore.getState().draft, savedId, force, confirmProduction },
      {
        // The engine decides by destination and effective method (an absolute URL to a production host, a method
        // override): when it asks for a confirmation the page did not foresee, ask for the name it names.
        onError: error => {
          const asked = productionAsked(error)
          if (asked && confirmProduction === undefined) setConfirming({ force, ...asked })
        },
      },
    )
  }
  usePanelShortcut(() => doSend(), { scope, skipHandled: false })
  const placed = placeIssues(send.error, ['request.path'])
  const pathProblem = placed.byField.get('request.path') ?? null
  return (
    <section className="wb-composer" aria-label="Composer" ref={scope}>
      {confirming ? (
        <ProductionConfirm
          envName={confirming.envName}
          method={confirming.method}
          sandboxEnvId={sandboxEnv?.id ?? null}
          onConfirm={typed => doSend(confirming.force, typed)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      <div className="wb-composer__cols">
        <div className="wb-request">
          {origin.notes && origin.notes.length > 0 ? (
            <ul className="wb-notes" data-testid="draft-notes">
              {origin.notes.map(n => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          <div className="wb-line">
            <select className="input mono" aria-label="Method" value={draft.method} onChange={e => setDraft({ method: e.target.value })}>
              {(METHODS.includes(draft.method) ? METHODS : [draft.method, ...METHODS]).map(m => (
                <option key={m}>{m}</option>
              ))}
            </select>
            <select
              className="input"
              aria-label="Target"
              value={draft.target}
              onChange={e => setDraft({ target: e.target.value as Draft['target'] })}
              title="Which host a path is sent to (an absolute URL ignores it)"
            >
              <option value="api">base_url</option>
              <option value="auth">auth_url</option>
            </select>
            <input
              className="input mono wb-line__path"
              aria-label="Path"
              aria-invalid={pathProblem ? true : undefined}
              aria-describedby={pathProblem ? 'wb-path-problem' : undefined}
              value={draft.path}
              placeholder="/path/{param} or https://…"
              onChange={e => setDraft({ path: e.target.value })}
              onPaste={e => {
                // A cURL command pasted where a path goes becomes the whole request (the engine parses it).
                const text = e.clipboardData.getData('text/plain')
                if (!looksLikeCurl(text)) return
                e.preventDefault()
                pastedCurl.mutate(text)
              }}
            />
            {send.isPending ? (
              <button type="button" className="btn btn--danger" onClick={cancel}>
                Cancel
              </button>
            ) : (
              <button type="button" className="btn btn--primary" onClick={() => doSend()} title="Ctrl/⌘+Enter">
                Send
              </button>
            )}
          </div>
          {pathProblem ? (
            <p className="wb-field-problem" id="wb-path-problem" role="alert">
              {pathProblem}
            </p>
          ) : null}
          <div className="wb-line wb-line--sub">
            <fieldset className="wb-auth">
              <legend>Auth</legend>
              {(['bearer', 'hmac', 'none'] as const).map(a => (
                <label key={a}>
                  <input type="radio" name="wb-auth" checked={draft.auth === a} onChange={() => setDraft({ auth: a })} />
                  {a === 'bearer' ? 'Bearer (refresh on 401)' : a === 'hmac' ? 'HMAC (signed at send)' : 'None'}
                </label>
              ))}
            </fieldset>
            <QuotaPrediction envId={envId} request={request} />
            <CurlPaste envId={envId} />
          </div>
          <ErrorBox error={pastedCurl.error} title="The pasted cURL command could not be used." />
          {send.isPending ? (
            <p className="loading" role="status">
              {retrying ? (
                <>
                  Retrying ({retrying.reason}) in <Countdown until={retrying.until} done="now" />…
                </>
              ) : (
                'Sending…'
              )}
            </p>
          ) : null}
          {params.length > 0 ? (
            <>
              <h3 className="wb-h">Path parameters</h3>
              <table className="table table--dense wb-kv" aria-label="Path parameters">
                <tbody>
                  {params.map(p => (
                    <tr key={p}>
                      <th scope="row" className="mono">{`{${p}}`}</th>
                      <td>
                        <input
                          className="input mono"
                          aria-label={`Parameter ${p}`}
                          value={draft.params[p] ?? ''}
                          onChange={e => setDraft({ params: { ...draft.params, [p]: e.target.value } })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
          <h3 className="wb-h">Query</h3>
          <KeyValueTable rows={draft.query} onChange={query => setDraft({ query })} label="Query" namePlaceholder="parameter" />
          <h3 className="wb-h">Headers</h3>
          <KeyValueTable rows={draft.headers} onChange={headers => setDraft({ headers })} label="Headers" namePlaceholder="header" />
          <h3 className="wb-h">Body</h3>
          <CodeEditor
            key={`${tabId}-${origin.kind}-${origin.id ?? ''}`}
            label="Request body"
            value={draft.body}
            language="json"
            height={160}
            onChange={body => setDraft({ body })}
            onSubmit={() => doSend()}
          />
          {problem ? (
            <p className="warn" data-testid="body-json-problem">
              The body is not valid JSON: {problem}. It will be sent as typed.
            </p>
          ) : null}
          <div className="wb-line wb-line--actions">
            <CopyAs source={{ request: toRequest(draft) }} envId={envId} />
            <SaveBox key={`${tabId}-${origin.kind}-${origin.id ?? ''}`} envId={envId} onSaved={onSaved} />
          </div>
        </div>
        <section className="wb-answer" ref={answer} aria-label="The answer">
          {placed.unplaced.length > 0 || (send.error && placed.byField.size === 0) ? (
            <ErrorBox error={send.error} title={sendErrorTitle(send.error)} />
          ) : null}
          {send.error && (send.error as { code?: string }).code === 'rate_limited' ? (
            <button type="button" className="btn btn--small" onClick={() => doSend(true)}>
              Send anyway
            </button>
          ) : null}
          {last ? (
            <ExchangeResponse
              exchange={last}
              tickets={null}
              statusLabel="Response status"
              onInspect={() => openInInspector(linkFromExchange(last))}
              onSubmit={() => doSend()}
            />
          ) : send.error ? null : (
            <p className="empty wb-answer__empty">Press Send (or Ctrl/⌘+Enter): the response appears here.</p>
          )}
        </section>
      </div>
    </section>
  )
}

/** The environment and method of an engine refusal that asks for the production name; null for any other error. */
function productionAsked(error: unknown): { envName: string; method: string } | null {
  if (!(error instanceof BridgeCallError)) return null
  const d = error.details as { reason?: string; environment?: string; method?: string } | undefined
  if (d?.reason !== 'production_confirmation_required' || !d.environment) return null
  return { envName: d.environment, method: d.method ?? '' }
}
