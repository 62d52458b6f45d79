import { create } from 'zustand'
import { exportTicketsPath, SPEC_PATHS } from '../../../../shared/spec'
import { useNavStore } from '../../stores/nav-store'

export type InspectorMode = 'sign' | 'verify'

/** What the Sign tab signs. Text as typed; `clientId` empty = the environment's; `timestamp` empty = the signing clock. */
export interface SignInputs {
  clientId: string
  method: string
  /** Path with its query (or a full URL), as the request is sent. */
  path: string
  body: string
  timestamp: string
}

/** A captured request as pasted in the Verify tab (header values as text, exactly as sent). */
export interface CapturedRequest {
  method: string
  path: string
  body: string
  accessKey: string
  timestamp: string
  signature: string
  /** The client id the caller believes it signed with, when it may differ from x-access-key (optional). */
  claimedClientId: string
}

interface InspectorStore {
  mode: InspectorMode
  sign: SignInputs
  captured: CapturedRequest
  /** Check the 10 s lifetime against the server's clock now (off for requests captured earlier). */
  checkFreshness: boolean
  /** Set by `openInInspector` with a signature: the Verify tab checks it once on arrival, then clears it. */
  pendingCheck: boolean
  /** The capture's verdict on the request a deep link brought here (null for any other arrival). */
  arrivedVerdict: string | null
  setMode(mode: InspectorMode): void
  setSign(patch: Partial<SignInputs>): void
  setCaptured(patch: Partial<CapturedRequest>): void
  setCheckFreshness(on: boolean): void
  consumePendingCheck(): boolean
}

/** An export request for the current month against the first seeded location: something real to look at first. */
function exampleExportPath(today = new Date()): string {
  const iso = (d: Date) => d.toISOString().slice(0, 10)
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))
  return exportTicketsPath(SPEC_PATHS.exportTickets, 101001, iso(first), iso(today))
}

const EMPTY_CAPTURE: CapturedRequest = {
  method: 'GET',
  path: '',
  body: '',
  accessKey: '',
  timestamp: '',
  signature: '',
  claimedClientId: '',
}

/**
 * The inspector's inputs (UI state only). Never holds a secret: the secret typed for a session lives in the panel
 * component and dies with it.
 */
export const useInspectorStore = create<InspectorStore>((set, get) => ({
  mode: 'sign',
  sign: { clientId: '', method: 'GET', path: exampleExportPath(), body: '', timestamp: '' },
  captured: EMPTY_CAPTURE,
  checkFreshness: true,
  pendingCheck: false,
  arrivedVerdict: null,
  setMode: mode => set({ mode }),
  setSign: patch => set(s => ({ sign: { ...s.sign, ...patch } })),
  setCaptured: patch => set(s => ({ captured: { ...s.captured, ...patch } })),
  setCheckFreshness: checkFreshness => set({ checkFreshness }),
  consumePendingCheck() {
    const pending = get().pendingCheck
    if (pending) set({ pendingCheck: false })
    return pending
  },
}))

/** A request another panel wants explained: the exact values that were (or will be) sent. */
export interface InspectorDeepLink {
  method: string
  /** Path with query (or a full URL), exactly as sent. */
  path: string
  /** The body exactly as sent; null/undefined = none. */
  body?: string | null
  /** x-timestamp (Unix seconds); absent = sign with the current time. */
  timestamp?: number | string
  /** x-access-key; absent = the environment's client id. */
  accessKey?: string
  /** x-signature as sent; with it (and accessKey and timestamp) the inspector opens in Verify and checks it. */
  signature?: string
  /** The verdict the capture already reached on this request (its signature masked in the log), shown on arrival. */
  verdict?: string
}

/**
 * Opens the signature inspector on one exact request (used by Export tickets and the network log). Always fills the
 * Sign tab (so the canonical string of that request is laid out part by part); when the signature that was sent is
 * given too, switches to Verify, fills the captured request and checks it on arrival, without the 10 s lifetime check
 * (a captured request is usually older than that; the user can turn it back on).
 */
export function openInInspector(input: InspectorDeepLink): void {
  const timestamp = input.timestamp === undefined ? '' : String(input.timestamp)
  const body = input.body ?? ''
  const store = useInspectorStore.getState()
  useInspectorStore.setState({ arrivedVerdict: input.verdict ?? null })
  store.setSign({ method: input.method, path: input.path, body, clientId: input.accessKey ?? '', timestamp })
  if (input.signature && input.accessKey && timestamp !== '') {
    useInspectorStore.setState({
      mode: 'verify',
      captured: {
        method: input.method,
        path: input.path,
        body,
        accessKey: input.accessKey,
        timestamp,
        signature: input.signature,
        claimedClientId: '',
      },
      checkFreshness: false,
      pendingCheck: true,
    })
  } else {
    useInspectorStore.setState({ mode: 'sign' })
  }
  useNavStore.getState().go('inspector')
}
