import { z } from 'zod'
import { invoke, lazySchema } from './define'
import type { ComposerRequest } from './requests'

// The `drafts:*` channels: the composer's tabs of drafts, kept by the engine in the data folder (so they survive a
// reload, a restart and the desktop/web switch), and the history of every request sent from the composer.

const row = lazySchema(() =>
  z
    .object({
      name: z.string().max(256),
      value: z.string().max(16_384),
      enabled: z.boolean().default(true),
    })
    .strict(),
)

/**
 * A request as it is being edited: unlike a request to send, a draft may be incomplete (an empty path, a header row
 * half typed), so only its shape and sizes are checked here; the send checks the rest.
 */
const draftRequestSchema = lazySchema(() =>
  z
    .object({
      method: z.string().max(32),
      target: z.enum(['api', 'auth']),
      path: z.string().max(8192),
      params: z.record(z.string().max(100), z.string().max(2048)),
      query: z.array(row).max(200),
      headers: z.array(row).max(200),
      body: z.string().max(16 * 1024 * 1024),
      auth: z.enum(['bearer', 'hmac', 'none']),
    })
    .strict(),
)

type DraftRequest = z.output<typeof draftRequestSchema>

/** Where a tab's draft came from: a catalogue entry, a saved request, a log entry, an import, the history, or nothing. */
const draftOriginSchema = lazySchema(() =>
  z
    .object({
      kind: z.enum(['catalogue', 'saved', 'log', 'new', 'import', 'history']),
      id: z.string().max(200).optional(),
      name: z.string().max(300).optional(),
      folder: z.string().max(200).optional(),
      notes: z.array(z.string().max(2000)).max(50).optional(),
    })
    .strict(),
)

export type DraftOrigin = z.output<typeof draftOriginSchema>

const draftTabSchema = lazySchema(() =>
  z
    .object({
      id: z.string().min(1).max(100),
      draft: draftRequestSchema,
      origin: draftOriginSchema,
      /** Edited since it was opened or saved: opening something else over it would lose work, so it opens a new tab. */
      edited: z.boolean(),
    })
    .strict(),
)

export type DraftTab = z.output<typeof draftTabSchema>

/** Every open tab, in the order shown, and which one is in front. */
export const draftWorkspaceSchema = lazySchema(() =>
  z
    .object({
      tabs: z.array(draftTabSchema).max(100),
      activeId: z.string().max(100).nullable(),
    })
    .strict(),
)

export type DraftWorkspace = z.output<typeof draftWorkspaceSchema>

/** One request sent from the composer, as kept in the history (known secrets redacted, the body cut). */
export interface SentRequest {
  id: string
  at: string
  envId: string
  request: ComposerRequest
  /** The URL it went to, as logged (redacted). */
  url: string
  /** 0 when no response came (network error, timeout). */
  status: number
  durationMs: number | null
  /** The network-log entry, while the log still holds it. */
  logId: string | null
  /** Why no response came, when none did. */
  error?: string
}

export const draftsChannels = {
  /** The open tabs as last kept (an empty workspace on first run; a file that cannot be read is moved aside). */
  'drafts:load': invoke(() => z.object({}).strict()).returns<DraftWorkspace & { revision: number; movedAside: string | null }>(),
  /** Keeps the open tabs (written to disk shortly after, atomically; known secrets redacted on disk). */
  'drafts:save': invoke(() => z.object({ workspace: draftWorkspaceSchema }).strict()).returns<{
    revision: number
    /** Why the last write to disk failed (the tabs are still kept in memory), or null. */
    problem: string | null
  }>(),
  /**
   * Requests sent from the composer, newest first, filtered by words that must all match: a method (`POST`), a status
   * (`404`, `4xx`, `failed`), or any other text (path, query, headers, body, URL); `-word` excludes.
   */
  'drafts:history': invoke(() =>
    z
      .object({
        query: z.string().max(500).default(''),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
  ).returns<{ items: SentRequest[]; total: number; matched: number; problem: string | null }>(),
}

export const draftsEvents = {}
