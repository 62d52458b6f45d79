import { z } from 'zod'
import { event, invoke, lazySchema } from './define'

/** A token as the sandbox operator API lists it: fingerprint only, never the value. */
export interface SandboxTokenInfo {
  fingerprint: string
  clientId: string
  merchantId: string
  kind: 'access' | 'refresh'
  permissions: string[]
  issuedAt: string
  expiresAt?: string
  expired: boolean
  revoked: boolean
  /** Set by the console: this is the active environment's current access or refresh token. */
  current?: 'access' | 'refresh'
}

export interface SandboxClockView {
  /** The sandbox's own "now" (operator offset included). */
  now: string
  clockOffsetSeconds: number
}

/** One named preset of the sandbox (its operator API's catalogue; docs/sandbox.md, Scenarios). */
export interface SandboxScenarioInfo {
  name: string
  title: string
  effect: string
  clientSees: string
  partnerFix: string
}

/** What `sandbox:state` answers: availability, and the operator API's view when available. */
export interface SandboxStateView {
  available: boolean
  /** Why the controls are unavailable (not the built-in sandbox, sandbox not running). */
  reason: string | null
  url: string | null
  clock: SandboxClockView | null
  tokens: SandboxTokenInfo[]
  /** The rest of the operator state as the sandbox reports it (limits, quotas, faults, installations). */
  limits: unknown
  quotas: unknown
  faults: unknown
  installations: unknown
  /** The scenario in force (null = none). */
  scenario: string | null
  /** Every scenario the sandbox offers. */
  scenarios: SandboxScenarioInfo[]
}

export interface SandboxActionResult {
  action: string
  /** The operator API's answer, redacted. */
  result: unknown
  clock: SandboxClockView | null
}

const tokenTarget = lazySchema(() => z.enum(['current-access', 'current-refresh', 'all']))

export const sandboxChannels = {
  'sandbox:state': invoke(() => z.object({}).strict()).returns<SandboxStateView>(),
  'sandbox:clock': invoke(() =>
    z
      .object({
        advanceSeconds: z
          .number()
          .finite()
          .min(-10 * 365 * 86400)
          .max(10 * 365 * 86400)
          .optional(),
        set: z.string().min(1).max(40).optional(),
        reset: z.literal(true).optional(),
      })
      .strict()
      .refine(v => [v.advanceSeconds, v.set, v.reset].filter(x => x !== undefined).length === 1, {
        message: 'send exactly one of advanceSeconds, set or reset',
      }),
  ).returns<SandboxActionResult>(),
  'sandbox:expireTokens': invoke(() => z.object({ target: tokenTarget.optional() }).strict()).returns<SandboxActionResult>(),
  'sandbox:revokeToken': invoke(() => z.object({ target: tokenTarget }).strict()).returns<SandboxActionResult>(),
  'sandbox:resetQuotas': invoke(() => z.object({}).strict()).returns<SandboxActionResult>(),
  'sandbox:setLimit': invoke(() =>
    z
      .object({
        limit: z.number().int().min(0).max(1_000_000),
        method: z.string().min(1).max(10).optional(),
        path: z.string().startsWith('/').max(300).optional(),
      })
      .strict(),
  ).returns<SandboxActionResult>(),
  'sandbox:addFault': invoke(() =>
    z
      .object({
        path: z.string().startsWith('/').max(300),
        method: z.string().min(1).max(10).optional(),
        latencyMs: z.number().int().min(0).max(120_000).optional(),
        status: z.number().int().min(100).max(599).optional(),
        drop: z.boolean().optional(),
        times: z.number().int().min(1).max(1_000_000).optional(),
      })
      .strict(),
  ).returns<SandboxActionResult>(),
  'sandbox:clearFaults': invoke(() => z.object({}).strict()).returns<SandboxActionResult>(),
  /** Puts the sandbox into a named scenario (the sandbox checks the name and lists the known ones when wrong). */
  'sandbox:applyScenario': invoke(() =>
    z.object({ name: z.string().regex(/^[a-z0-9-]{1,60}$/, 'a scenario name is lower-case letters, digits and dashes') }).strict(),
  ).returns<SandboxActionResult>(),
  'sandbox:clearScenario': invoke(() => z.object({}).strict()).returns<SandboxActionResult>(),
}

export const sandboxEvents = {
  /** Something changed the sandbox (clock moved, tokens expired, limits or faults changed). */
  'sandbox:changed': event<SandboxActionResult>(),
}
