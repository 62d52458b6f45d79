import { setImmediate as nextTurn } from 'node:timers/promises'
import type { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import type { createRuntime } from './create-runtime'

interface EngineModules {
  createRuntime: typeof createRuntime
  createKeyFileCipher: typeof createKeyFileCipher
}

/**
 * The engine's modules, loaded a piece at a time (leaves first: the contract's schemas, the vault, the sandbox, the
 * engine's core, its handlers, then the runtime that ties them), each piece a few tens of ms of the host's one thread
 * instead of one block of hundreds. `between()` is awaited before every piece: the web host passes "no page is loading
 * its first screen" (first-screen.ts), so a page that comes while the engine loads waits for one piece at most, and
 * the rest waits for its first paint. Each wait first gives the event loop a turn (loading a module may take none:
 * without it the pieces would run back to back and a page's requests would not even be read until the end). Resolves
 * with what starts the engine; a piece that fails to load rejects, as one import would.
 */
export async function loadEngineInSteps(between: () => Promise<void>, options: { sandbox: boolean }): Promise<EngineModules> {
  const pieces: (() => Promise<unknown>)[] = [
    () => import('../../shared/contract'),
    () => import('../engine/vault/vault'),
    ...(options.sandbox ? [() => import('../../sandbox')] : []),
    () => import('./build-core'),
    () => import('./register-handlers'),
  ]
  const yieldToPage = async () => {
    await nextTurn()
    await between()
  }
  for (const piece of pieces) {
    await yieldToPage()
    await piece()
  }
  await yieldToPage()
  const [runtime, cipher] = await Promise.all([import('./create-runtime'), import('../engine/vault/keyfile-cipher')])
  // The runtime's own start (the vault, the sandbox's listener) waits too: it is the last long stretch of the start.
  await yieldToPage()
  return { createRuntime: runtime.createRuntime, createKeyFileCipher: cipher.createKeyFileCipher }
}
