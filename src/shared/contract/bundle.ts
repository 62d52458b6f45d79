import { z } from 'zod'
import { event, invoke } from './define'
import { fileText } from './file-text'
import type { OAuthLifecycle } from './oauth'
import type { QuotaKeyState } from './quota'
import type { SkewEstimate } from './signing'

// The `bundle:*` channels: repro bundles (write, open read-only) and their replay against the sandbox or one's own
// environment, with fresh tokens and fresh signatures.

export const BUNDLE_FORMAT = 'partner-console-repro-bundle'

/** The environment as the bundle carries it: addresses, client id and settings, never a secret. */
export interface BundleEnvironment {
  name: string
  builtIn: boolean
  production: boolean
  authUrl: string
  baseUrl: string
  clientId: string
  redirectUri: string
  paths: Record<string, string>
  catchMode: string
  pkce: boolean
}

/** Tokens as fingerprints only (first 8 hex of SHA-256), with what is not secret about them. */
interface BundleTokens {
  access: { fingerprint: string; expiresAt: string | null; permissions: string[] } | null
  refresh: { fingerprint: string } | null
}

/** One exchange of the bundle's HAR, as the read-only timeline lists it. */
export interface BundleTimelineEntry {
  index: number
  startedAt: string
  method: string
  url: string
  status: number
  statusText: string
  ms: number
  purpose: string
}

/** A repro bundle: one file a support engineer shares with a vendor (docs/support.md). */
export interface ReproBundle {
  format: typeof BUNDLE_FORMAT
  version: 1
  createdAt: string
  consoleVersion: string
  note: string
  environment: BundleEnvironment | null
  clockSkew: SkewEstimate | null
  quotas: QuotaKeyState[]
  tokens: BundleTokens
  lifecycle: OAuthLifecycle[]
  /** The sanitized HAR 1.2 document (credentials redacted at capture, bodies redacted again by structure). */
  har: { log: { entries: unknown[] } & Record<string, unknown> }
}

/** Rows of a bundle's timeline that opening it answers (a bundle of more shows its first ones and its count). */
export const BUNDLE_TIMELINE_MAX = 1000

/**
 * What opening a bundle answers: the bundle's facts read-only, without its entries (the page never needs them: a
 * replay sends the file again), how many entries it has, and the timeline of the first BUNDLE_TIMELINE_MAX: an
 * answer of bounded size whatever the file's.
 */
export interface OpenedBundle {
  bundle: Omit<ReproBundle, 'har'>
  /** How many exchanges the bundle holds. */
  entries: number
  /** The first BUNDLE_TIMELINE_MAX exchanges (all of them in a bundle of no more). */
  timeline: BundleTimelineEntry[]
}

type ReplayOutcome = 'same' | 'different-status' | 'different-body' | 'failed' | 'skipped'

/** One bundle entry and its replay. */
export interface ReplayedEntry {
  index: number
  method: string
  path: string
  outcome: ReplayOutcome
  /** The original, imported into the network log (for the compare view). */
  original: { status: number; logId: string | null }
  replay: { status: number | null; logId: string | null; error?: string }
  /** Why it was skipped (token and authorize exchanges are not replayed: the replay gets its own tokens). */
  reason?: string
}

export interface ReplayReport {
  target: { envId: string; name: string; baseUrl: string }
  entries: ReplayedEntry[]
  summary: { same: number; differentStatus: number; differentBody: number; failed: number; skipped: number }
}

/**
 * A bundle file's text, or its UTF-8 bytes (FileText; the web host's uploads), at most 64 MB. A new schema per channel,
 * built with its channel's (on first use): the web host recognises a fileText field by the schema itself.
 */
const bundleText = () => fileText(2, 64 * 1024 * 1024)

export const bundleChannels = {
  /** The network log (some entries or all) as a repro bundle; the text is what the user saves. */
  'bundle:write': invoke(() =>
    z
      .object({
        ids: z.array(z.string().min(1).max(100)).max(10_000).optional(),
        note: z.string().max(8000).optional(),
        envId: z.string().min(1).max(200).optional(),
      })
      .strict(),
  ).returns<{ text: string; fileName: string; entries: number }>(),
  /** Reads a bundle file's text: validated, returned read-only (nothing is added to the log). */
  'bundle:open': invoke(() => z.object({ text: bundleText() }).strict()).returns<OpenedBundle>(),
  /** Replays a bundle's API calls against an environment (default: the active one) with fresh tokens and signatures. */
  'bundle:replay': invoke(() =>
    z.object({ text: bundleText(), envId: z.string().min(1).max(200).optional() }).strict(),
  ).returns<ReplayReport>(),
}

export const bundleEvents = {
  /** Progress of a replay: entry `done` of `total`. */
  'bundle:replayProgress': event<{ done: number; total: number }>(),
}
