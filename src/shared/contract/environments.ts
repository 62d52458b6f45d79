import { z } from 'zod'
import { SPEC_PATHS } from '../spec'
import type { EnvironmentSummary, SecretStorageInfo } from './app'
import { event, invoke, lazySchema } from './define'

/** How the console catches the OAuth redirect for an environment (see docs/auth.md). */
export const CATCH_MODES = ['loopback', 'embedded', 'paste'] as const
export type CatchMode = (typeof CATCH_MODES)[number]

/** The endpoint paths an environment may override where a real deployment differs from the spec. */
export type EnvironmentPathKey = keyof typeof SPEC_PATHS
export const PATH_KEYS = Object.keys(SPEC_PATHS) as readonly EnvironmentPathKey[]
export type EnvironmentPaths = Record<EnvironmentPathKey, string>

const pathOverride = lazySchema(() => z.string().min(1).max(300))

/** Path overrides; each must start with '/' (checked with a clear message by the engine). */
const pathOverridesSchema = lazySchema(() =>
  z
    .object({
      authorize: pathOverride.optional(),
      token: pathOverride.optional(),
      locations: pathOverride.optional(),
      installations: pathOverride.optional(),
      exportTickets: pathOverride.optional(),
      exampleLocations: pathOverride.optional(),
    })
    .strict(),
)

/** How requests of an environment find a proxy: HTTPS_PROXY/HTTP_PROXY/NO_PROXY, none (direct), or the one given. */
const PROXY_MODES = ['env', 'none', 'url'] as const
export type ProxyMode = (typeof PROXY_MODES)[number]
/** The token request body: JSON as the spec shows (docs/api.md#token-exchange), or a form as RFC 6749 and standard servers expect. */
const TOKEN_BODY_FORMATS = ['json', 'form'] as const
export type TokenBodyFormat = (typeof TOKEN_BODY_FORMATS)[number]

const filePath = lazySchema(() => z.string().trim().min(1).max(1000))

/**
 * Trust, proxy and client certificate of an environment (non-secret parts; the proxy password, the client key and its
 * passphrase live in the vault). Absent fields mean Node's CA store, the *_PROXY variables and no client certificate.
 */
const networkSettingsSchema = lazySchema(() =>
  z
    .object({
      /** PEM files whose CAs are trusted on top of Node's store. */
      caFiles: z.array(filePath).max(20).optional(),
      /** Also trust the operating system's store (where Node offers it: 22.15 and later). */
      systemCa: z.boolean().optional(),
      proxyMode: z.enum(PROXY_MODES).optional(),
      /** http://host:port or https://host:port, without credentials. */
      proxyUrl: z.string().trim().max(2000).optional(),
      proxyUsername: z.string().max(200).optional(),
      /** Hosts that bypass the environment's proxy, NO_PROXY syntax (comma-separated, `.suffix`, `host:port`, `*`). */
      noProxy: z.string().max(2000).optional(),
      /** Mutual TLS: a PEM certificate (its key in the vault) or a PKCS#12 file (its passphrase in the vault). */
      clientCertKind: z.enum(['pem', 'pkcs12']).optional(),
      clientCertFile: filePath.optional(),
    })
    .strict(),
)

export type NetworkSettings = z.output<typeof networkSettingsSchema>

/** Secrets of the network settings, kept in the vault: a string sets one, null removes it, absent keeps it. */
const networkSecretsSchema = lazySchema(() =>
  z
    .object({
      proxyPassword: z.string().min(1).max(4096).nullable().optional(),
      /** The client certificate's private key, PEM. */
      clientKey: z.string().min(1).max(64_000).nullable().optional(),
      /** The passphrase of the PKCS#12 file or of an encrypted PEM key. */
      clientCertPassphrase: z.string().min(1).max(4096).nullable().optional(),
    })
    .strict(),
)

export type NetworkSecretsChange = z.output<typeof networkSecretsSchema>

/**
 * The editable, non-secret settings of an environment. URLs are kept exactly as typed (the redirect URI must match the
 * registered one byte for byte); the engine checks their shape and explains what is wrong.
 */
export const environmentSettingsSchema = lazySchema(() =>
  z
    .object({
      name: z.string().trim().min(1).max(80),
      authUrl: z.string().min(1).max(2000),
      baseUrl: z.string().min(1).max(2000),
      clientId: z.string().min(1).max(200),
      redirectUri: z.string().min(1).max(2000),
      paths: pathOverridesSchema.optional(),
      catchMode: z.enum(CATCH_MODES).optional(),
      pkce: z.boolean().optional(),
      callbackTimeoutSeconds: z.number().int().min(10).max(3600).optional(),
      requireStateEcho: z.boolean().optional(),
      /** A production environment: state-changing requests need the environment's name typed (the production guard). */
      production: z.boolean().optional(),
      /** Token request body format (default json, the spec's). */
      tokenBody: z.enum(TOKEN_BODY_FORMATS).optional(),
      /** Extra authorize parameters such as `scope` (the console's own — client_id, state, PKCE… — cannot be overridden). */
      authorizeParams: z.record(z.string().min(1).max(100), z.string().max(2000)).optional(),
      network: networkSettingsSchema.optional(),
    })
    .strict(),
)

export type EnvironmentSettings = z.output<typeof environmentSettingsSchema>

const secretValue = lazySchema(() => z.string().min(1).max(4096))

/** One environment in an export file (the secret only when the export asked for it). */
export const exportedEnvironmentSchema = lazySchema(() =>
  environmentSettingsSchema.extend({ clientSecret: secretValue.optional() }).strict(),
)

/** The export/import file format. */
export const environmentExportSchema = lazySchema(() =>
  z
    .object({
      format: z.literal('partner-console-environments'),
      version: z.literal(1),
      exportedAt: z.string().optional(),
      includesSecrets: z.boolean().optional(),
      environments: z.array(z.unknown()).max(500),
    })
    .strict(),
)

export interface MaskedSecret {
  present: boolean
  /** e.g. `sbx_secret_…wxyz`; null when absent or unreadable. */
  masked: string | null
  fingerprint: string | null
  /** False when the vault holds a record for it that cannot be decrypted. */
  readable: boolean
  problem?: string
}

export interface EnvironmentDetail extends EnvironmentSummary {
  clientId: string
  clientSecret: MaskedSecret
  /** Exactly as stored and as it will be sent (never normalised). */
  redirectUri: string
  /** The redirect_uri parameter as it appears, percent-encoded, in the authorize URL's query. */
  redirectUriAsSent: string
  paths: EnvironmentPaths
  pathOverrides: Partial<EnvironmentPaths>
  catchMode: CatchMode
  pkce: boolean
  callbackTimeoutSeconds: number
  requireStateEcho: boolean
  tokenBody: TokenBodyFormat
  authorizeParams: Record<string, string>
  /** The network settings as stored (absent fields = defaults). */
  network: NetworkSettings
  /** The vault-held secrets of the network settings, masked. */
  networkSecrets: { proxyPassword: MaskedSecret; clientKey: MaskedSecret; clientCertPassphrase: MaskedSecret }
  /** Whether the user agreed to keep this environment's secrets in unprotected storage (safeStorage basic_text). */
  unprotectedStorageAccepted: boolean
  /** The built-in sandbox: addresses and credentials fixed, only the flow settings can change. */
  editable: boolean
  deletable: boolean
  createdAt: string | null
  updatedAt: string | null
  /** Things worth knowing that are not errors (e.g. a redirect URI with a trailing slash). */
  warnings: string[]
}

export interface StorageProblem {
  kind: 'file-unreadable' | 'record-unreadable' | 'environment-invalid' | 'secret-missing'
  file: string
  /** Where the unreadable file was moved to (it is never deleted). */
  movedTo?: string
  environmentId?: string
  message: string
  hint: string
}

export interface EnvironmentList {
  environments: EnvironmentDetail[]
  activeId: string | null
  storage: SecretStorageInfo & { vaultFile: string; environmentsFile: string }
  problems: StorageProblem[]
}

export interface ValidationIssue {
  path: string
  message: string
}

export interface EnvironmentValidation {
  ok: boolean
  issues: ValidationIssue[]
  warnings: string[]
  redirectUriAsSent: string
  authorizeUrlPreview: string | null
}

export interface EnvironmentExport {
  fileName: string
  /** The JSON document (format partner-console-environments v1). */
  content: string
  includesSecrets: boolean
  count: number
}

export interface ImportProblem {
  /** Index in the file's `environments` array; -1 for the document itself. */
  index: number
  name: string | null
  issues: ValidationIssue[]
}

/** What an import does (or, with dryRun, would do) with one valid environment of the file. */
export interface ImportPlanItem {
  index: number
  /** The name it is (or would be) saved under: renamed on a clash when `onConflict` is 'rename'. */
  name: string
  action: 'create' | 'rename' | 'replace' | 'skip'
  /**
   * For 'replace': each address (auth_url, base_url, a path) the file changes, old and new. When there is any, the
   * environment's stored tokens are dropped and its client secret too (unless the file brings one): credentials never
   * follow an import to another server.
   */
  urlChanges?: Array<{ field: string; from: string; to: string }>
  /** What happens to the stored credentials, in words (set when urlChanges is not empty). */
  credentials?: string
}

export interface EnvironmentImportResult {
  /** One line per valid environment of the file; the same in a dry run and a real one. */
  plan: ImportPlanItem[]
  imported: EnvironmentDetail[]
  skipped: Array<{ index: number; name: string; reason: string }>
  problems: ImportProblem[]
  dryRun: boolean
}

export interface EnvironmentChanged {
  reason: 'created' | 'updated' | 'duplicated' | 'deleted' | 'activated' | 'imported' | 'loaded'
  id: string | null
  environments: EnvironmentSummary[]
  activeId: string | null
}

const id = lazySchema(() => z.string().min(1).max(100))
const accept = lazySchema(() => z.boolean().optional())

export const environmentsChannels = {
  'environments:list': invoke(() => z.object({}).strict()).returns<EnvironmentList>(),
  'environments:get': invoke(() => z.object({ id }).strict()).returns<EnvironmentDetail>(),
  'environments:validate': invoke(() => z.object({ settings: environmentSettingsSchema }).strict()).returns<EnvironmentValidation>(),
  'environments:create': invoke(() =>
    z
      .object({
        settings: environmentSettingsSchema,
        clientSecret: secretValue.optional(),
        networkSecrets: networkSecretsSchema.optional(),
        acceptUnprotectedStorage: accept,
      })
      .strict(),
  ).returns<EnvironmentDetail>(),
  'environments:update': invoke(() =>
    z
      .object({
        id,
        changes: environmentSettingsSchema.partial(),
        /** A new secret; null removes the stored one; absent keeps it. */
        clientSecret: secretValue.nullable().optional(),
        networkSecrets: networkSecretsSchema.optional(),
        acceptUnprotectedStorage: accept,
      })
      .strict(),
  ).returns<EnvironmentDetail>(),
  'environments:duplicate': invoke(() =>
    z.object({ id, name: z.string().trim().min(1).max(80).optional(), acceptUnprotectedStorage: accept }).strict(),
  ).returns<EnvironmentDetail>(),
  'environments:delete': invoke(() => z.object({ id }).strict()).returns<{ deleted: string; activeId: string | null }>(),
  'environments:setActive': invoke(() => z.object({ id }).strict()).returns<{ activeId: string }>(),
  'environments:saveFile': invoke(() =>
    z.object({ ids: z.array(id).max(500).optional(), includeSecrets: z.boolean().optional() }).strict(),
  ).returns<EnvironmentExport>(),
  'environments:openFile': invoke(() =>
    z
      .object({
        content: z.string().min(1).max(1_000_000),
        onConflict: z.enum(['rename', 'skip', 'replace']).optional(),
        dryRun: z.boolean().optional(),
        acceptUnprotectedStorage: accept,
      })
      .strict(),
  ).returns<EnvironmentImportResult>(),
  'environments:revealSecret': invoke(() => z.object({ id }).strict()).returns<{ id: string; value: string }>(),
}

export const environmentsEvents = {
  'environments:changed': event<EnvironmentChanged>(),
}
