import { z } from 'zod'
import { invoke, lazySchema } from './define'
import type { HttpExchangeView } from './http'
import { HEADER_NAME_RULE, HEADER_VALUE_RULE, httpMethodSchema, isHeaderValue, isHttpToken } from './http-fields'
import type { QuotaKeyState } from './quota'
import type { CanonicalPartName } from './signing'

// The `requests:*` channels: the request composer (any request, resend from the log), collections per environment
// with a short history, the comparison of two exchanges, "Copy as" snippets and signing code to take home.

const pair = lazySchema(() =>
  z
    .object({
      name: z.string().max(256),
      value: z.string().max(16_384),
      enabled: z.boolean().default(true),
    })
    .strict(),
)

/** A request as the composer holds it: `{name}` placeholders in the path, query and header tables, the auth mode. */
export const composerRequestSchema = lazySchema(() =>
  z
    .object({
      method: httpMethodSchema,
      /** {base_url} (api) or {auth_url} (auth); ignored when `path` is an absolute URL. */
      target: z.enum(['api', 'auth']).default('api'),
      /** A path with optional `{params}` (and query), or an absolute http(s) URL. */
      path: z.string().min(1).max(8192),
      params: z.record(z.string().min(1).max(100), z.string().max(2048)).default({}),
      query: z.array(pair).max(200).default([]),
      headers: z.array(pair).max(200).default([]),
      body: z
        .string()
        .max(16 * 1024 * 1024)
        .optional(),
      auth: z.enum(['bearer', 'hmac', 'none']).default('none'),
    })
    .strict()
    .superRefine((request, ctx) => {
      // Rows being typed (disabled or without a name) are kept as they are; every row that would be sent must be HTTP.
      request.headers.forEach((h, index) => {
        const name = h.name.trim()
        if (!h.enabled || name === '') return
        if (!isHttpToken(name)) ctx.addIssue({ code: 'custom', path: ['headers', index, 'name'], message: HEADER_NAME_RULE })
        if (!isHeaderValue(h.value)) ctx.addIssue({ code: 'custom', path: ['headers', index, 'value'], message: HEADER_VALUE_RULE })
      })
    }),
)

export type ComposerRequest = z.output<typeof composerRequestSchema>
export type ComposerRequestInput = z.input<typeof composerRequestSchema>
export type ComposerPair = ComposerRequest['headers'][number]

/** A composer request rebuilt from a log entry: what changed on the way and why (credentials are never carried). */
export interface ComposerDraft {
  request: ComposerRequest
  /** The log entry it came from. */
  sourceId: string
  /** Headers dropped because the engine sets them at send (credentials, hop-by-hop), by name. */
  dropped: string[]
  notes: string[]
}

/** A request brought in from elsewhere (a pasted cURL command): what was kept, what was left out and why. */
export interface ImportedDraft {
  request: ComposerRequest
  /** Headers left out (credentials made fresh at send, what the HTTP client sets), by name. */
  dropped: string[]
  notes: string[]
  /** The file curl would read the body from (`-d @file`): the CLI reads it, the composer asks for the body. */
  bodyFile: string | null
}

/** What an import of saved requests did: added, renamed because the name was taken, skipped with the reason. */
export interface ImportOutcome {
  added: number
  renamed: number
  skipped: Array<{ index: number; problem: string }>
  notes: string[]
}

export type DiffKind = 'same' | 'changed' | 'added' | 'removed'

/** One row of a name → values comparison (headers, query): names are compared case-insensitively for headers. */
export interface PairDiff {
  name: string
  kind: DiffKind
  a: string[]
  b: string[]
  /** A header expected to differ between any two sends (date, rate-limit counters, fresh signatures). */
  volatile?: boolean
}

/** One difference inside two JSON documents, at a JSON Pointer (RFC 6901). */
export interface JsonDifference {
  pointer: string
  kind: Exclude<DiffKind, 'same'>
  a?: string
  b?: string
}

/** Two bodies compared: as JSON when both parse (object keys in any order, arrays in order), else as text. */
export interface BodyDiff {
  mode: 'json' | 'text' | 'empty'
  equal: boolean
  /** JSON mode: differences (capped at `limit`; `total` counts all). */
  differences: JsonDifference[]
  total: number
  /** Text mode (and JSON whose parse failed on one side): the first differing byte (UTF-8 offset), or null. */
  firstDifference: { offset: number; a: string; b: string } | null
  /** The two sides as shown side by side: JSON pretty-printed with sorted keys (so order does not show), else as is. */
  aText: string
  bText: string
  /** Why the comparison is partial (a body truncated or evicted in the log, one side not JSON). */
  notes: string[]
}

/** One canonical-string part of two HMAC requests (docs/api.md#hmac-signature) compared. */
export interface CanonicalPartDiff {
  name: CanonicalPartName
  a: string
  b: string
  equal: boolean
  /** First differing byte inside this part (UTF-8 offset) and in the whole canonical string, or null when equal. */
  firstDifference: { offsetInPart: number; offsetInString: number; a: string; b: string } | null
}

export interface CanonicalDiff {
  a: string
  b: string
  equal: boolean
  parts: CanonicalPartDiff[]
  /** First differing byte of the two whole canonical strings (UTF-8 offset), or null. */
  firstDifferenceOffset: number | null
  notes: string[]
}

/** Two exchanges side by side, section by section. */
export interface ExchangeComparison {
  a: { id: string; label: string }
  b: { id: string; label: string }
  requestLine: { a: string; b: string; equal: boolean; method: DiffKind; path: DiffKind; host: DiffKind }
  query: PairDiff[]
  requestHeaders: PairDiff[]
  requestBody: BodyDiff
  status: { a: number | null; b: number | null; equal: boolean }
  responseHeaders: PairDiff[]
  responseBody: BodyDiff
  /** Present when at least one side is HMAC-signed. */
  canonical: CanonicalDiff | null
  /** Sections that differ, in display order: the summary line. */
  differing: string[]
}

export const SNIPPET_LANGUAGES = ['curl', 'curl-cmd', 'fetch', 'node', 'powershell', 'httpie', 'python', 'python-requests'] as const
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]
const SIGNING_CODE_LANGUAGES = ['node', 'python', 'java', 'csharp', 'go', 'php', 'shell'] as const
export type SigningCodeLanguage = (typeof SIGNING_CODE_LANGUAGES)[number]

/** A runnable program; for HMAC requests it signs at run time with PARTNER_CLIENT_SECRET (never inlined). */
export interface Snippet {
  language: SnippetLanguage
  label: string
  code: string
  notes: string[]
}

export interface SigningCodeFile {
  language: SigningCodeLanguage | 'vectors'
  fileName: string
  label: string
  code: string
}

/** A saved request of a collection (per environment), with the last responses (redacted). */
export interface SavedRequest {
  id: string
  name: string
  folder: string
  request: ComposerRequest
  createdAt: string
  updatedAt: string
}

export interface HistoryItem {
  at: string
  status: number
  durationMs: number
  logId: string
  exchange: HttpExchangeView
}

export interface QuotaPrediction {
  state: QuotaKeyState
  /** Set when the executor would refuse to send now (blocked after a 429, or the ledger says spent). */
  refusal: { reason: 'blocked' | 'quota_spent'; message: string } | null
}

const id = lazySchema(() => z.string().min(1).max(100))
const envId = lazySchema(() => z.string().min(1).max(200).optional())
const savedSchema = lazySchema(() =>
  z
    .object({
      id: id.optional(),
      name: z.string().trim().min(1).max(200),
      folder: z.string().max(200).default(''),
      request: composerRequestSchema,
    })
    .strict(),
)

export const requestsChannels = {
  /** Sends a composer request with the environment's current credentials (HMAC signed at send, bearer refreshed on 401). */
  'requests:send': invoke(() =>
    z
      .object({
        request: composerRequestSchema,
        envId,
        force: z.boolean().default(false),
        autoRetry: z.boolean().default(false),
        /** A saved request to add the response to (its history). */
        savedId: id.optional(),
        /** The production guard: the environment's name as typed, for a state-changing request to production. */
        confirmProduction: z.string().max(200).optional(),
      })
      .strict(),
  ).returns<HttpExchangeView>(),
  /** What the quota ledger predicts for this request's (client, method, path), and whether a send would be refused. */
  'requests:predict': invoke(() => z.object({ request: composerRequestSchema, envId }).strict()).returns<QuotaPrediction>(),
  /** A log entry (HAR imports included) as a composer request, without its captured credentials. */
  'requests:fromLog': invoke(() => z.object({ id }).strict()).returns<ComposerDraft>(),
  /** A pasted cURL command (bash or cmd quoting) as a composer request, aimed at the environment. */
  'requests:fromCurl': invoke(() =>
    z
      .object({
        text: z
          .string()
          .min(1)
          .max(1024 * 1024),
        envId,
      })
      .strict(),
  ).returns<ImportedDraft>(),
  /** A Postman collection (v2.1) added to the environment's saved requests, with an optional Postman environment file. */
  'requests:importPostman': invoke(() =>
    z
      .object({
        envId,
        collection: z
          .string()
          .min(1)
          .max(16 * 1024 * 1024),
        environment: z
          .string()
          .max(4 * 1024 * 1024)
          .optional(),
      })
      .strict(),
  ).returns<ImportOutcome>(),
  /** Two log entries compared section by section. */
  'requests:compare': invoke(() => z.object({ a: id, b: id }).strict()).returns<ExchangeComparison>(),
  /** A runnable snippet of a log entry or a composer request. */
  'requests:snippet': invoke(() =>
    z
      .object({
        language: z.enum(SNIPPET_LANGUAGES),
        logId: id.optional(),
        request: composerRequestSchema.optional(),
        envId,
      })
      .strict()
      .refine(v => (v.logId === undefined) !== (v.request === undefined), 'give either logId or request'),
  ).returns<Snippet>(),
  /** docs/api.md#hmac-signature as code to take home, in one language or all, with the test-vector file. */
  'requests:signingCode': invoke(() => z.object({ language: z.enum([...SIGNING_CODE_LANGUAGES, 'vectors']).optional() }).strict()).returns<{
    files: SigningCodeFile[]
  }>(),
  /** The environment's saved requests. */
  'requests:collection': invoke(() => z.object({ envId }).strict()).returns<{ envId: string; requests: SavedRequest[] }>(),
  'requests:save': invoke(() => z.object({ envId, item: savedSchema }).strict()).returns<SavedRequest>(),
  'requests:delete': invoke(() => z.object({ envId, id }).strict()).returns<{ deleted: boolean }>(),
  /** The last responses of a saved request, newest first (redacted). */
  'requests:history': invoke(() => z.object({ envId, id }).strict()).returns<{ items: HistoryItem[] }>(),
  'requests:saveCollection': invoke(() => z.object({ envId }).strict()).returns<{ text: string; count: number }>(),
  /** Adds a collection file's requests (validated; existing requests are never replaced or removed). */
  'requests:openCollection': invoke(() =>
    z
      .object({
        envId,
        text: z
          .string()
          .min(1)
          .max(16 * 1024 * 1024),
      })
      .strict(),
  ).returns<{ added: number; renamed: number; skipped: Array<{ index: number; problem: string }> }>(),
}

export const requestsEvents = {}

/** The schema of a collection file (export/import). */
export const collectionFileSchema = lazySchema(() =>
  z
    .object({
      format: z.literal('partner-console-collection'),
      version: z.literal(1),
      requests: z.array(z.unknown()).max(10_000),
    })
    .strict(),
)

export const savedRequestFileItem = savedSchema
