import { useEffect, useState } from 'react'
import type { CatchMode } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { useActiveEnvId, useAppInfo } from '../../domain/app-info'
import { useFlow, useLifecycle, useOAuthStatus } from '../../domain/auth'
import { useEnvironment } from '../../domain/environments'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { ErrorBox } from '../../ui/error-box'
import { TokenSummary } from '../tokens'
import { AuthorizeRequest } from './authorize-request'
import { CatchModePicker } from './catch-mode-picker'
import { FailureView, FlowOutcome, failureOf } from './flow-outcome'
import { FlowStepper } from './flow-stepper'
import { LifecycleDiagram } from './lifecycle-diagram'
import { PasteForm } from './paste-form'
import { openRedirectCheck, RedirectCheck } from './redirect-check'
import {
  closeConsentPopup,
  popupWasBlocked,
  reopenAuthorizePage,
  useBuildAuthorizeUrl,
  useCancelFlow,
  usePasteRedirect,
  useStartFlow,
} from './use-consent-actions'
import { WaitingStatus } from './waiting-status'
import './consent.css'

/** Consent flow: authorize → consent → callback → token, beside the token lifecycle of docs/api.md#token-lifecycle. */
export function ConsentPanel() {
  const info = useAppInfo()
  const envId = useActiveEnvId()
  const env = useEnvironment(envId)
  const status = useOAuthStatus(envId)
  const flow = useFlow(status.data)
  const lifecycle = useLifecycle(envId)
  const go = useNavStore(s => s.go)
  const transport = info.data?.transport ?? 'web'
  const envMode = env.data?.catchMode ?? 'loopback'
  const [chosen, setChosen] = useState<CatchMode | null>(null)
  const mode: CatchMode = chosen ?? (envMode === 'embedded' && transport !== 'electron' ? 'loopback' : envMode)

  const build = useBuildAuthorizeUrl()
  const start = useStartFlow()
  const cancel = useCancelFlow()
  const paste = usePasteRedirect()

  const step = flow?.step ?? 'idle'
  const waiting = step === 'waiting-for-callback' || step === 'callback-received' || step === 'exchanging'
  const finished = step === 'done' || step === 'denied' || step === 'failed'
  const preview = build.data && build.data.envId === envId && build.data.mode === mode ? build.data : null
  const url = flow && flow.step !== 'idle' && flow.authorizeUrl ? flow.authorizeUrl : (preview?.authorizeUrl ?? null)
  const params = flow && flow.step !== 'idle' && flow.authorizeUrl ? flow.params : (preview?.params ?? [])

  useEffect(() => {
    if (step === 'done' || step === 'denied') closeConsentPopup()
  }, [step])

  const onBuild = () => {
    if (!envId) return
    start.reset()
    paste.reset()
    build.mutate({ envId, mode })
  }
  const onStart = () => {
    if (!envId) return
    paste.reset()
    const previewed = preview && flow?.step === 'authorize-url-built' && flow.flowId === preview.flowId
    start.start(previewed ? { envId, mode, flowId: preview.flowId } : { envId, mode })
  }
  const onCancel = () => cancel.mutate(flow?.flowId ?? undefined)

  useEffect(() => {
    return useCommandStore.getState().register([
      { id: 'consent:build', title: 'Consent: build the authorize URL', run: () => document.getElementById('consent-build')?.click() },
      { id: 'consent:start', title: 'Consent: open the authorize page', run: () => document.getElementById('consent-start')?.click() },
      { id: 'consent:cancel', title: 'Consent: cancel the pending flow', run: () => document.getElementById('consent-cancel')?.click() },
    ])
  }, [])

  if (info.data && !envId) {
    return (
      <div className="panel consent">
        <h1>Consent flow</h1>
        <p className="empty">No environment is active — create one first (or start the console with its built-in sandbox).</p>
        <button type="button" className="btn btn--primary" onClick={() => go('environments')}>
          Go to Environments
        </button>
      </div>
    )
  }

  const pasteFailure = paste.error instanceof BridgeCallError ? failureOf(paste.error.details) : null
  return (
    <div className="panel consent">
      <h1>Consent flow</h1>
      <p className="lead">
        Authorize this console for <strong>{env.data?.name ?? '…'}</strong> the way a merchant would: authorize URL (4.1), sign-in and
        consent, redirect caught, code exchanged for tokens (4.2).
      </p>
      <FlowStepper flow={flow} />
      <div className="consent__grid">
        <div className="consent__main">
          <ErrorBox error={env.error} title="Could not read the environment." />
          <ErrorBox error={status.error} title="Could not read the authorization state." />
          {env.data ? (
            <dl className="facts consent__env">
              <dt>client_id</dt>
              <dd className="mono">{env.data.clientId}</dd>
              <dt>redirect_uri</dt>
              <dd className="mono" data-testid="redirect-uri">
                {env.data.redirectUri}
              </dd>
              <dt>as sent</dt>
              <dd className="mono consent__as-sent">{env.data.redirectUriAsSent}</dd>
            </dl>
          ) : null}
          <CatchModePicker value={mode} onChange={m => setChosen(m)} transport={transport} disabled={waiting} />
          <div className="consent__actions">
            <button id="consent-build" type="button" className="btn" onClick={onBuild} disabled={!envId || waiting || build.isPending}>
              {build.isPending ? 'Building…' : 'Build authorize URL'}
            </button>
            <button
              id="consent-start"
              type="button"
              className="btn btn--primary"
              onClick={onStart}
              disabled={!envId || waiting || start.isPending}
            >
              {start.isPending ? 'Opening…' : finished ? 'Start again' : 'Open authorize page'}
            </button>
            <span className="consent__note">
              {transport === 'web' ? 'Opens a popup window with the authorize page.' : 'Opens the system browser (or the embedded window).'}
            </span>
          </div>
          {waiting && flow ? (
            <WaitingBlock
              flow={flow}
              listeningOn={start.data?.listeningOn ?? null}
              url={url}
              onCancel={onCancel}
              cancelling={cancel.isPending}
            />
          ) : null}
          {flow?.mode === 'paste' && waiting && envId ? (
            <PasteForm
              redirectUri={env.data?.redirectUri ?? null}
              pending={paste.isPending}
              onSubmit={input => paste.mutate({ input, envId, flowId: flow.flowId ?? undefined })}
            />
          ) : null}
          {pasteFailure && !(finished && flow?.failure?.code === pasteFailure.code) ? (
            <FailureView failure={pasteFailure} />
          ) : paste.error && !pasteFailure ? (
            <ErrorBox error={paste.error} title="The pasted redirect was refused." />
          ) : null}
          {finished && flow ? <FlowOutcome flow={flow} onOpenTokens={() => go('tokens')} /> : null}
          <ErrorBox error={build.error} title="Could not build the authorize URL." />
          <ErrorBox error={start.error} title="Could not start the flow." />
          <ErrorBox error={cancel.error} title="Could not cancel." />
          {url ? (
            <AuthorizeRequest url={url} params={params} />
          ) : (
            <p className="empty">Build the authorize URL to see the request and each parameter before anything is opened.</p>
          )}
          {flow?.warnings.length ? (
            <ul className="consent__warnings">
              {flow.warnings.map(w => (
                <li key={w} className="warn">
                  {w}
                </li>
              ))}
            </ul>
          ) : null}
          {envId && !flow?.failure?.diagnosis ? (
            <RedirectCheck
              envId={envId}
              sent={env.data?.redirectUri ?? null}
              open={flow?.failure?.code === 'redirect_mismatch' && !flow.failure.diagnosis}
            />
          ) : null}
        </div>
        <aside className="consent__side" aria-label="Token lifecycle">
          <LifecycleDiagram lifecycle={lifecycle} />
          <TokenSummary envId={envId} onOpen={() => go('tokens')} />
        </aside>
      </div>
    </div>
  )
}

function WaitingBlock({
  flow,
  listeningOn,
  url,
  onCancel,
  cancelling,
}: {
  flow: NonNullable<ReturnType<typeof useFlow>>
  listeningOn: string | null
  url: string | null
  onCancel: () => void
  cancelling: boolean
}) {
  const [, force] = useState(0)
  return (
    <>
      <WaitingStatus
        flow={flow}
        listeningOn={listeningOn}
        popupBlocked={popupWasBlocked()}
        onCancel={onCancel}
        cancelling={cancelling}
        onRefused={openRedirectCheck}
        onReopen={
          url && flow.opener !== 'engine'
            ? () => {
                reopenAuthorizePage(url)
                force(n => n + 1)
              }
            : null
        }
      />
      {url && popupWasBlocked() ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="consent__link">
          Open the authorize page in a new tab
        </a>
      ) : null}
    </>
  )
}
