import {
  BUNDLE_FORMAT,
  BUNDLE_TIMELINE_MAX,
  type BundleEnvironment,
  type BundleTimelineEntry,
  type FileText,
  type OpenedBundle,
  type QuotaKeyState,
  type ReproBundle,
  type SkewEstimate,
  type TokenView,
} from '../../../shared/contract'
import type { ResolvedEnvironment } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { buildHar } from '../har/har-export'
import type { Har } from '../har/har-types'
import type { NetworkLog } from '../log/network-log'
import { type BundleSource, type ReadBundle, readBundle, timelineEntry } from './bundle-reader'
import type { LifecycleRecorder } from './lifecycle-recorder'
import { type Masker, redactBodyByStructure, redactPairValue, redactUrlByStructure } from './structural-redaction'

/** How long opening a bundle may hold the event loop before it yields a turn (ms). */
const SLICE_MS = 8

interface ReproBundleDeps {
  log: NetworkLog
  secrets: SecretRegistry
  environment: (envId?: string) => Promise<ResolvedEnvironment & { catchMode?: string; pkce?: boolean }>
  tokens: (envId: string) => TokenView
  quotas: () => QuotaKeyState[]
  skew: () => SkewEstimate | null
  lifecycle: LifecycleRecorder
  creator: { name: string; version: string }
  now?: () => Date
}

/**
 * Repro bundles: one file holding the sanitized HAR of some (or all) network-log entries with bodies redacted again by
 * structure, the environment without its secret, the clock-skew estimate, the quota state, token fingerprints and the
 * lifecycle transitions, the console's version and the user's note. Opening one validates it and hands it back
 * read-only; nothing of it enters the log until it is replayed.
 */
export class ReproBundles {
  constructor(private readonly deps: ReproBundleDeps) {}

  /** Writes a bundle of the given entries (default: every entry) for an environment (default: the active one). */
  async write(options: { ids?: string[]; note?: string; envId?: string }): Promise<{ text: string; fileName: string; entries: number }> {
    const entries = this.deps.log.entries(options.ids)
    const har = sanitize(buildHar(entries, this.deps.creator), (value, label) => this.deps.secrets.maskFor(value, label))
    const env = await this.deps.environment(options.envId).catch(() => null)
    const tokens = env ? this.deps.tokens(env.id) : null
    const now = (this.deps.now ?? (() => new Date()))()
    const bundle: ReproBundle = {
      format: BUNDLE_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      consoleVersion: this.deps.creator.version,
      note: options.note ?? '',
      environment: env ? environmentOf(env) : null,
      clockSkew: this.deps.skew(),
      quotas: this.deps.quotas(),
      tokens: {
        access: tokens?.accessToken
          ? { fingerprint: tokens.accessToken.fingerprint, expiresAt: tokens.expiresAt, permissions: tokens.permissions }
          : null,
        refresh: tokens?.refreshToken ? { fingerprint: tokens.refreshToken.fingerprint } : null,
      },
      lifecycle: env ? this.deps.lifecycle.of(env.id) : [],
      har: har as unknown as ReproBundle['har'],
    }
    // Every string once more through the known secrets: a value the registry learned anywhere never leaves in clear.
    const text = this.deps.secrets.redact(JSON.stringify(bundle, null, 2))
    const stamp = now.toISOString().replace(/[:.]/g, '-').slice(0, 19)
    return { text, fileName: `repro-bundle-${stamp}.json`, entries: entries.length }
  }

  /**
   * Reads a bundle's text; a file that is not a bundle is a typed error saying what is wrong. Read in slices (see
   * readBundle), each entry parsed on its own with a turn of the event loop every few milliseconds: a large bundle
   * never stalls the host while it is opened. The answer is a summary of bounded size (the facts, the count, the
   * first BUNDLE_TIMELINE_MAX rows of the timeline), so sending it never stalls the host either.
   */
  async open(text: FileText): Promise<OpenedBundle> {
    const read = await readBundle(text)
    const timeline: BundleTimelineEntry[] = []
    let sliceStart = performance.now()
    for (let index = 0; index < Math.min(read.count, BUNDLE_TIMELINE_MAX); index++) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>(resolve => setImmediate(resolve))
        sliceStart = performance.now()
      }
      timeline.push(timelineEntry(await read.take(index), index))
    }
    await read.close()
    const { har: _entriesLeftOut, ...facts } = read.bundle
    return { bundle: facts, entries: read.count, timeline }
  }

  /**
   * Reads a bundle (or, with `plainHar`, a file that may be a plain HAR) from its text or, streamed, from its file,
   * for a replay that takes its entries one at a time (see readBundle); the caller closes it.
   */
  read(source: BundleSource, plainHar?: { consoleVersion: string }): Promise<ReadBundle> {
    return readBundle(source, plainHar && { ...plainHar, now: (this.deps.now ?? (() => new Date()))() })
  }
}

/** The HAR with URLs, query lists and bodies redacted by structure (the log redacted them once at capture). */
function sanitize(har: Har, mask: Masker): Har {
  for (const e of har.log.entries) {
    e.request.url = redactUrlByStructure(e.request.url, mask)
    e.request.queryString = e.request.queryString.map(q => ({ ...q, value: redactPairValue(q.name, q.value, mask) }))
    if (e.request.postData) e.request.postData.text = redactBodyByStructure(e.request.postData.text, e.request.postData.mimeType, mask)
    const content = e.response.content
    if (content.text !== undefined) content.text = redactBodyByStructure(content.text, content.mimeType, mask)
  }
  return har
}

function environmentOf(env: ResolvedEnvironment & { catchMode?: string; pkce?: boolean }): BundleEnvironment {
  return {
    name: env.name,
    builtIn: env.builtIn,
    production: env.production === true,
    authUrl: env.authUrl,
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    redirectUri: env.redirectUri,
    paths: { ...env.paths },
    catchMode: env.catchMode ?? 'loopback',
    pkce: env.pkce ?? false,
  }
}
