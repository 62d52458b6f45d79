import { useEffect, useMemo, useRef, useState } from 'react'
import type { InspectedSignature } from '../../../../shared/contract'
import { useActiveEnvironment } from '../../domain/app-info'
import { useSkewStatus } from '../../domain/skew'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { ErrorBox } from '../../ui/error-box'
import { usePanelShortcut } from '../../ui/use-panel-shortcut'
import { ClockProbe } from './clock-probe'
import { ExplanationView } from './explanation-view'
import { type InspectorMode, useInspectorStore } from './inspector-store'
import { SecretField } from './secret-field'
import { SignForm } from './sign-form'
import { toSignRequest } from './sign-request'
import { SignResult } from './sign-result'
import { SkewMeter } from './skew-meter'
import { TakeHome } from './take-home'
import { TimeSourceSwitch } from './time-source-switch'
import { useExplain } from './use-explain'
import { useSignature } from './use-signature'
import { useSigningNow } from './use-signing-now'
import { captureProblems, VerifyForm } from './verify-form'
import './inspector.css'

const MODES: Array<{ id: InspectorMode; label: string }> = [
  { id: 'sign', label: 'Sign' },
  { id: 'verify', label: 'Verify a captured request' },
]

/**
 * The signature inspector (docs/api.md#hmac-signature): sign any request and see the canonical string part by part (offsets, escaped
 * and hex views, each part's rule), verify a captured request and have the explainer name the mistake, and watch the
 * clock skew against the 10 s lifetime. The secret typed here lives in this component only.
 */
export function InspectorPanel() {
  const mode = useInspectorStore(s => s.mode)
  const setMode = useInspectorStore(s => s.setMode)
  const inputs = useInspectorStore(s => s.sign)
  const captured = useInspectorStore(s => s.captured)
  const pendingCheck = useInspectorStore(s => s.pendingCheck)
  const arrivedVerdict = useInspectorStore(s => s.arrivedVerdict)
  const secret = useRef('')
  const [secretVersion, setSecretVersion] = useState(0)
  const skew = useSkewStatus()
  const active = useActiveEnvironment()

  const { request, problems } = useMemo(() => toSignRequest(inputs), [inputs])
  const signature = useSignature(request, secret, secretVersion, mode === 'sign')
  const now = useSigningNow(timestamp => useInspectorStore.getState().setSign({ timestamp }), skew.data?.estimate?.offsetMs ?? null)

  const explain = useExplain(secret)
  const [attempted, setAttempted] = useState(false)
  const [checkedFor, setCheckedFor] = useState<typeof captured | null>(null)
  const verifyProblems = attempted ? captureProblems(captured) : {}
  const check = () => {
    setAttempted(true)
    const current = useInspectorStore.getState().captured
    if (Object.keys(captureProblems(current)).length > 0) return
    setCheckedFor(current)
    explain.mutate()
  }
  const actions = useRef({ check, setNow: now.setNow })
  actions.current = { check, setNow: now.setNow }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on arrival: pin "now" so edits change only their part
  useEffect(() => {
    if (useInspectorStore.getState().sign.timestamp === '') now.setNow('local')
  }, [])

  useEffect(() => {
    if (pendingCheck && useInspectorStore.getState().consumePendingCheck()) actions.current.check()
  }, [pendingCheck])

  // The typed secret dies with the panel.
  useEffect(
    () => () => {
      secret.current = ''
    },
    [],
  )

  useEffect(() => {
    const unregister = useCommandStore.getState().register([
      {
        id: 'inspector:sign-now',
        title: 'Inspector: sign again with the current time',
        shortcut: 'Ctrl+Enter',
        run: () => actions.current.setNow('local'),
      },
      { id: 'inspector:mode-sign', title: 'Inspector: sign a request', run: () => useInspectorStore.getState().setMode('sign') },
      {
        id: 'inspector:mode-verify',
        title: 'Inspector: verify a captured request',
        run: () => useInspectorStore.getState().setMode('verify'),
      },
    ])
    return unregister
  }, [])
  usePanelShortcut(() => {
    if (useInspectorStore.getState().mode === 'verify') actions.current.check()
    else actions.current.setNow('local')
  })

  const verifyThese = (sig: InspectedSignature) => {
    const s = useInspectorStore.getState()
    s.setCaptured({
      method: s.sign.method,
      path: s.sign.path,
      body: s.sign.body,
      accessKey: sig.headers['x-access-key'],
      timestamp: sig.headers['x-timestamp'],
      signature: sig.headers['x-signature'],
      claimedClientId: '',
    })
    s.setMode('verify')
  }

  const lastKey = mode === 'sign' ? signature.data : explain.data?.expected
  const sig = signature.data
  return (
    <div className="panel inspector">
      <header className="inspector__header">
        <h1>Signature inspector</h1>
        <div className="inspector__modes" role="tablist" aria-label="Inspector mode">
          {MODES.map(m => (
            <button
              key={m.id}
              type="button"
              role="tab"
              aria-selected={mode === m.id}
              className={`tab${mode === m.id ? ' tab--active' : ''}`}
              onClick={() => setMode(m.id)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </header>
      <p className="lead">
        HMAC-SHA256 over client_id + METHOD + path + body + timestamp, with nothing in between (spec 5.2). Change any input and watch the
        string and the signature change.
      </p>
      {arrivedVerdict ? (
        <p className="inspector__note" role="status" data-testid="capture-verdict">
          Checked by the capture on arrival: {arrivedVerdict}
        </p>
      ) : null}
      <div className="inspector__grid">
        <div className={`inspector__inputs inspector__inputs--${mode}`}>
          <SecretField
            secret={secret}
            onChanged={() => setSecretVersion(v => v + 1)}
            fingerprint={lastKey?.secretFingerprint ?? null}
            environmentId={lastKey?.environmentId ?? null}
          />
          {mode === 'sign' ? (
            <SignForm
              problems={problems}
              environmentClientId={inputs.clientId === '' && sig ? sig.headers['x-access-key'] : null}
              now={now}
              serverTimeKnown={!!skew.data?.estimate}
            />
          ) : (
            <VerifyForm problems={verifyProblems} onCheck={check} checking={explain.isPending} />
          )}
        </div>
        <div className="inspector__results">
          {mode === 'sign' ? (
            <SignResult
              query={signature}
              blocked={request === null}
              skew={skew.data}
              onVerifyThese={verifyThese}
              onServerTime={() => now.setNow('server')}
            />
          ) : (
            <div className="verify-result" aria-live="polite">
              {explain.error ? <ErrorBox error={explain.error} title="Could not check the signature." onRetry={check} /> : null}
              {explain.isPending ? <p className="loading">Checking the signature and trying the usual mistakes…</p> : null}
              {explain.data && !explain.isPending ? (
                <>
                  {checkedFor !== captured ? (
                    <p className="inspector__note">The fields changed since this check: press “Check signature” again.</p>
                  ) : null}
                  <ExplanationView explanation={explain.data} />
                </>
              ) : null}
              {!explain.data && !explain.isPending && !explain.error ? (
                <p className="empty">
                  Paste a captured request (or fill method, path, body and the three x- headers) and press “Check signature”: the explainer
                  checks it with the secret and, when it is wrong, names the mistake that reproduces it.
                </p>
              ) : null}
            </div>
          )}
        </div>
        <div className="inspector__skew">
          <SkewMeter
            status={skew.data}
            action={
              skew.data && !skew.data.estimate ? (
                <button type="button" className="btn btn--small" onClick={() => useNavStore.getState().go('export')}>
                  Go to Export tickets
                </button>
              ) : null
            }
          >
            {active ? <ClockProbe key={active.id} env={active} /> : null}
            <TimeSourceSwitch status={skew.data} />
          </SkewMeter>
          {skew.error ? (
            <ErrorBox error={skew.error} title="The clock-skew status is unavailable." onRetry={() => void skew.refetch()} />
          ) : null}
        </div>
      </div>
      <TakeHome />
    </div>
  )
}
