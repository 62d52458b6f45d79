import type { ComposerRequestInput, EnvironmentSettings, RequestOf } from '../../../shared/contract'

/**
 * Every query key of the renderer, one keys object per domain (named after its bridge channels). A key is built here
 * and nowhere else (test/unit/architecture/renderer-features.test.ts), so a prefix that invalidates a family of
 * queries and the queries themselves cannot drift apart.
 */

/** Query keys of the app domain: the console's static facts (`app:info`). */
export const appKeys = {
  info: ['app:info'] as const,
}

/** Query keys of the auth domain (`oauth:*`); `all` is the prefix of every one, `statuses` of every status. */
export const authKeys = {
  all: ['oauth'] as const,
  statuses: ['oauth', 'status'] as const,
  status: (envId: string | null) => ['oauth', 'status', envId] as const,
  tokens: (envId: string | null) => ['oauth', 'tokens', envId] as const,
}

/** Query keys of the repro-bundle domain (`bundle:open`, `bundle:replay`): answers kept, never fetched. */
export const bundleKeys = {
  opened: ['bundle', 'open', 'last'] as const,
  report: ['bundle', 'replay', 'last'] as const,
}

/** Query keys of the capture domain (`capture:*`): every running capture, kept live by `capture:exchange`. */
export const captureKeys = {
  status: ['capture', 'status'] as const,
}

/** Query keys of the doctor domain (`doctor:*`): a capture session's scorecard, kept live by `doctor:verdict`. */
export const doctorKeys = {
  all: ['doctor'] as const,
  scorecard: (envId: string | null) => ['doctor', 'scorecard', envId] as const,
}

/** Query keys of the first-run checklist (`firstRun:*`), kept live by `firstRun:changed`. */
export const firstRunKeys = {
  status: ['firstRun', 'status'] as const,
}

/** Query keys of the environments domain (`environments:*`); `all` is the prefix of every one. */
export const environmentsKeys = {
  all: ['environments'] as const,
  list: ['environments', 'list'] as const,
  detail: (id: string | null) => ['environments', 'detail', id] as const,
  validate: (settings: EnvironmentSettings) => ['environments', 'validate', settings] as const,
}

/** Query keys of the export domain (`http:exportTickets`): the last export's answer, kept while other panels are visited. */
export const exportKeys = {
  last: ['http:exportTickets', 'last'] as const,
}

/** Query keys of the locations domain (`http:listLocations`). */
export const locationKeys = {
  all: ['locations'] as const,
  /** Keyed by the grant too (the access token's fingerprint): another merchant's consent never shows the old list. */
  list: (envId: string | null, grant: string | null) => ['locations', 'list', envId, grant] as const,
  /** This session's install outcomes of an environment, by location id (written by `http:install`, never fetched). */
  installOutcomes: (envId: string | null, grant: string | null) => ['locations', 'installs', envId, grant] as const,
}

/** Query keys of the network-log domain (`log:*`). `list` is also the prefix of the compare picker's short list. */
export const logKeys = {
  list: ['log', 'list'] as const,
  comparePicker: ['log', 'list', 'compare-picker'] as const,
  entry: (id: string, state: string) => ['log', 'entry', id, state] as const,
  /** The ids a filter query matches, asked again at each revision of the log. */
  match: (query: string, revision: string) => ['log', 'match', query, revision] as const,
}

/** Query keys of the quota domain (`quota:*`). */
export const quotaKeys = {
  list: ['quota', 'list'] as const,
}

/** Query keys of the sandbox operator domain (`sandbox:*`). */
export const sandboxKeys = {
  state: ['sandbox', 'state'] as const,
}

/** Query keys of the signing domain (`signing:*`); `signatures` is the prefix of every `signing:sign` answer. */
export const signingKeys = {
  skew: ['signing:skew'] as const,
  signatures: ['signing:sign'] as const,
  sign: (request: Omit<RequestOf<'signing:sign'>, 'clientSecret'> | null, secretVersion: number) =>
    ['signing:sign', request, secretVersion] as const,
  exportPreview: (envId: string | null, path: string | null) => ['signing:sign', 'export-preview', envId, path] as const,
}

/** Query keys of the requests domain (`requests:*`); the plural ones are prefixes that match every entry of a kind. */
export const requestsKeys = {
  collections: ['requests', 'collection'] as const,
  collection: (envId: string | null) => ['requests', 'collection', envId] as const,
  histories: ['requests', 'history'] as const,
  history: (envId: string | null, id: string | null) => ['requests', 'history', envId, id] as const,
  predictions: ['requests', 'predict'] as const,
  predict: (envId: string | null, request: ComposerRequestInput) => ['requests', 'predict', envId, request] as const,
  compare: (a: string | null, b: string | null) => ['requests', 'compare', a, b] as const,
  signingCode: ['requests', 'signingCode'] as const,
  /** The history of composer sends (`drafts:history`), per search. */
  sentAll: ['drafts', 'history'] as const,
  sent: (query: string) => ['drafts', 'history', query] as const,
  /** The composer's last answer (`requests:send`), kept while Compare or another panel is shown. */
  lastAnswer: ['requests', 'send', 'last'] as const,
}
