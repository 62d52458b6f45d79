import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { InspectedSignature, SignatureExplanation, SigningNow, SigningTimeSource, SkewStatus } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EnvironmentProvider, ResolvedEnvironment, SendHttp } from '../core/ports'
import { fingerprint, type SecretRegistry } from '../core/secret-registry'
import { writeFileAtomic } from '../vault/atomic-write'
import { type ClockSkewEstimator, SIGNATURE_LIFETIME_MS, SKEW_DANGER_MS, SKEW_WARN_MS } from './clock-skew'
import { inspectSignature } from './inspector-view'
import { explainSignature } from './signature-explainer'
import { signRequest } from './signer'
import { signingTime } from './signing-timestamp'
import { type ProbeChoice, probeServerClock } from './skew-probe'

interface SigningServiceDeps {
  skew: ClockSkewEstimator
  secrets: SecretRegistry
  environments: EnvironmentProvider
  /** The HTTP client's sender (probes show in the network log). */
  sendHttp: SendHttp
  /** JSON file keeping the time-source setting across launches. */
  settingsFile: string
}

export interface SignCall {
  method: string
  path: string
  body?: string | null
  clientId?: string
  clientSecret?: string
  timestamp?: number
  environmentId?: string
}

interface ExplainCall {
  method: string
  path: string
  body?: string | null
  headers: { 'x-access-key': string; 'x-timestamp': string; 'x-signature': string }
  clientSecret?: string
  clientId?: string
  serverNow?: number
  checkFreshness?: boolean
  environmentId?: string
}

/**
 * What the bridge's `signing:*` channels do: resolve credentials (given, or the environment's), sign or explain,
 * and lay the result out for the inspector with every known secret redacted. Also owns the time-source setting.
 */
export class SigningService {
  constructor(private readonly deps: SigningServiceDeps) {}

  /** Signs with the caller's credentials or the environment's; the timestamp defaults to the signing clock. */
  async sign(call: SignCall): Promise<InspectedSignature> {
    const creds = await this.credentials(call)
    const time = call.timestamp === undefined ? signingTime(this.deps.skew) : null
    const signed = signRequest({
      clientId: call.clientId ?? creds.clientId,
      clientSecret: creds.secret,
      method: call.method,
      path: call.path,
      body: call.body,
      timestamp: call.timestamp ?? time!.timestamp,
    })
    const view = inspectSignature(signed, {
      timeSource: time === null ? 'given' : time.usedServerTime ? 'server' : 'local',
      secretFingerprint: fingerprint(creds.secret),
      environmentId: creds.environmentId,
    })
    return this.redacted(this.withoutSecretBytes(view))
  }

  /** Explains a captured signature; checks the 10 s lifetime against the estimated server time unless told not to. */
  async explain(call: ExplainCall): Promise<SignatureExplanation> {
    // The client id of a captured request is its x-access-key header: only the secret may come from an environment.
    const creds = await this.credentials(call, false)
    const serverNow = call.checkFreshness === false ? undefined : (call.serverNow ?? this.deps.skew.serverNow())
    const result = explainSignature({
      method: call.method,
      path: call.path,
      body: call.body,
      headers: call.headers,
      clientSecret: creds.secret,
      clientId: call.clientId,
      serverNow,
    })
    const explanation: SignatureExplanation = {
      valid: result.valid,
      signatureMatches: result.signatureMatches,
      given: call.headers['x-signature'],
      expected: this.withoutSecretBytes(
        inspectSignature(result.expected, {
          timeSource: 'given',
          secretFingerprint: fingerprint(creds.secret),
          environmentId: creds.environmentId,
        }),
      ),
      diagnosis: result.diagnosis,
      summary: result.summary,
    }
    if (result.stale) explanation.stale = result.stale
    return this.redacted(explanation)
  }

  skewStatus(): SkewStatus {
    return {
      estimate: this.deps.skew.estimate(),
      timeSource: this.deps.skew.timeSource,
      warnMs: SKEW_WARN_MS,
      dangerMs: SKEW_DANGER_MS,
      lifetimeMs: SIGNATURE_LIFETIME_MS,
    }
  }

  /**
   * Reads the environment's clock now (a few small requests), when the user asks: the sandbox's own clock, or a path
   * of the user's server they chose (a production one with its name typed). Never called by the engine by itself.
   */
  async probe(environmentId?: string, choice: ProbeChoice = {}): Promise<SkewStatus> {
    const env = await this.environment(environmentId)
    for (const sample of await probeServerClock(env, this.deps.sendHttp, choice)) this.deps.skew.observe(sample)
    return this.skewStatus()
  }

  /** Chooses the clock signatures use and remembers the choice in the data folder. */
  async setTimeSource(source: SigningTimeSource): Promise<SkewStatus> {
    this.deps.skew.timeSource = source
    const file = this.deps.settingsFile
    try {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 })
      await writeFileAtomic(file, `${JSON.stringify({ timeSource: source }, null, 2)}\n`, 0o600)
    } catch (error) {
      throw new ConsoleError('storage', `The time-source setting is in use but could not be saved to ${file}.`, {
        hint: 'Check that the data folder is writable; the choice lasts until the console stops.',
        cause: error,
      })
    }
    return this.skewStatus()
  }

  now(): SigningNow {
    const time = signingTime(this.deps.skew)
    return { ...time }
  }

  /** Restores the saved time source (a missing or unreadable file means the default, 'local'). */
  async loadSettings(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.deps.settingsFile, 'utf8')) as { timeSource?: unknown }
      if (saved.timeSource === 'local' || saved.timeSource === 'server') this.deps.skew.timeSource = saved.timeSource
    } catch {
      // First launch or a hand-edited file: keep the default.
    }
  }

  private async credentials(
    call: { clientId?: string; clientSecret?: string; environmentId?: string },
    needsClientId = true,
  ): Promise<{ clientId: string; secret: string; environmentId: string | null }> {
    if (call.clientSecret !== undefined) {
      this.deps.secrets.add(call.clientSecret, 'client_secret')
      if (call.clientId !== undefined || !needsClientId) {
        return { clientId: call.clientId ?? '', secret: call.clientSecret, environmentId: null }
      }
      const env = await this.environment(call.environmentId)
      return { clientId: env.clientId, secret: call.clientSecret, environmentId: null }
    }
    const env = await this.environment(call.environmentId)
    this.deps.secrets.add(env.clientSecret, 'client_secret')
    return { clientId: env.clientId, secret: env.clientSecret, environmentId: env.id }
  }

  private async environment(id: string | undefined): Promise<ResolvedEnvironment> {
    const environments = this.deps.environments
    return id === undefined ? environments.active() : environments.get(id)
  }

  /** Text views get redacted below; hex views would still spell a secret, so they are emptied when one is inside. */
  private withoutSecretBytes(view: InspectedSignature): InspectedSignature {
    if (this.deps.secrets.redact(view.canonical) === view.canonical) return view
    view.secretRedacted = true
    view.canonicalHex = ''
    view.canonicalHexTruncated = false
    for (const part of view.parts) {
      part.hex = ''
      part.hexTruncated = false
    }
    return view
  }

  private redacted<T>(value: T): T {
    return this.deps.secrets.redactDeep(value)
  }
}
