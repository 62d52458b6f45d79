import { z } from 'zod'
import { event, invoke } from './define'

// The `capture:*` channels and events: the console between the partner's own integration and the API (gateway or
// intercepting proxy), every exchange recorded in the network log with `source: 'captured'` (docs/capture.md).

export type CaptureMode = 'gateway' | 'proxy'

/** One variable the partner's process needs, and which runtime reads it. */
export interface CaptureVariable {
  name: string
  value: string
  /** Who reads it: `all`, `node`, `python`, `curl`, `partner` (the PARTNER_* URLs of a test integration). */
  runtime: string
}

/** A capture running for one environment: where to point the integration and how many exchanges it recorded. */
export interface CaptureStatus {
  envId: string
  mode: CaptureMode
  startedAt: string
  /** Gateway mode: the loopback URLs to use as {auth_url} and {base_url}. */
  gateway: { authUrl: string; baseUrl: string } | null
  /** Proxy mode: the proxy's URL and the capture CA (PEM file, and a bundle with the system CAs for Python/curl). */
  proxy: { url: string; caFile: string; bundleFile: string } | null
  /** What to set in the partner's process (environment variables), ready to copy. */
  variables: CaptureVariable[]
  /** Lines for runtimes that take no variable (Java keytool, .NET, Go), ready to copy. */
  notes: string[]
  exchanges: number
}

export const captureChannels = {
  /** Starts capturing for an environment (default: the active one); fails when one already runs for it. */
  'capture:start': invoke(() =>
    z
      .object({
        envId: z.string().min(1).max(200).optional(),
        mode: z.enum(['gateway', 'proxy']).default('gateway'),
        /** Gateway: the auth and base ports; proxy: `proxy`. 0 or absent = a free port. */
        ports: z
          .object({
            auth: z.number().int().min(0).max(65535).optional(),
            base: z.number().int().min(0).max(65535).optional(),
            proxy: z.number().int().min(0).max(65535).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ).returns<CaptureStatus>(),
  /** Stops the environment's capture (every socket closed); `stopped: false` when none ran. */
  'capture:stop': invoke(() => z.object({ envId: z.string().min(1).max(200).optional() }).strict()).returns<{ stopped: boolean }>(),
  /** Every running capture. */
  'capture:status': invoke(() => z.object({}).strict()).returns<{ captures: CaptureStatus[] }>(),
}

export const captureEvents = {
  /** An exchange was recorded (throttled to one event per 100 ms per capture: the count, the newest entry). */
  'capture:exchange': event<{ envId: string; exchanges: number; logId: string }>(),
}
