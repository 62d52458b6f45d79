import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { CaptureStatus, LogEntry } from '../../../src/shared/contract'
import type { TestConsole } from '../requests/support'

export const CLIENTS = join(import.meta.dirname, 'clients')

/** Runs a partner client to its end with the capture's variables and the sandbox client's credentials. */
export function runClient(
  c: TestConsole,
  status: CaptureStatus,
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const sandbox = c.runtime.sandbox
  if (!sandbox) throw new Error('no sandbox')
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const v of status.variables) env[v.name] = v.value
  env.PARTNER_CLIENT_ID = sandbox.client.clientId
  env.PARTNER_CLIENT_SECRET = sandbox.client.clientSecret
  env.PARTNER_REDIRECT_URI = sandbox.client.redirectUri
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd: CLIENTS })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', d => {
      stdout += d
    })
    child.stderr.on('data', d => {
      stderr += d
    })
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

/** The captured entries of the log, oldest first. */
export function captured(c: TestConsole): LogEntry[] {
  return c.runtime.engine.layer.log.entries().filter(e => e.source === 'captured')
}

/** What a test checks entry by entry: method, path without query, status, and the first signature/bearer note. */
export function summary(entries: readonly LogEntry[]): string[] {
  return entries.map(e => {
    const verdict = e.notes.find(n => n.startsWith('Signature:'))
    return `${e.method} ${e.path.split('?')[0]} ${e.status ?? e.error}${verdict ? ` | ${verdict.split('.')[0]}` : ''}`
  })
}
