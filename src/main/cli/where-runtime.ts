import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import { createMemoryCipher } from '../engine/vault/memory-cipher'
import type { BridgeCall, TrustedCall } from '../engine/walkthrough/walkthrough-types'
import { createRuntime, type Runtime } from '../runtime/create-runtime'
import { acquireDataFolderLock, whileLocked } from '../runtime/data-folder-lock'
import { bridgeCalls } from './bridge-calls'
import { chosenDataDir } from './data-dir-choice'
import { PACKAGE_VERSION } from './version'
import { type ChosenEnvironment, chooseEnvironment, type WhereMode } from './where-args'

/** A runtime for one CLI command, with bridge calls and the environment chosen by the "where" flags. */
export interface WhereRuntime {
  runtime: Runtime
  call: BridgeCall
  /** For requests the command's own code builds complete, in the parsed form (see bridge-calls.ts). */
  trusted: TrustedCall
  env: ChosenEnvironment
  close(): Promise<void>
}

/**
 * Starts the runtime a one-shot command needs: a temporary data folder (removed on close) for --sandbox and flags,
 * the user's data folder for --env; the built-in sandbox with auto-consent only for --sandbox.
 */
export async function openWhereRuntime(mode: WhereMode, values: Record<string, unknown>, label: string): Promise<WhereRuntime> {
  const ephemeral = mode !== 'env'
  const dataDir = ephemeral
    ? await mkdtemp(join(tmpdir(), `partner-console-${label}-`))
    : await chosenDataDir(values['data-dir'] === undefined ? undefined : String(values['data-dir']))
  let runtime: Runtime | undefined
  const cleanup = async () => {
    await runtime?.close()
    if (ephemeral) await rm(dataDir, { recursive: true, force: true })
  }
  try {
    // Before anything touches the folder: the key-file cipher creates its key there.
    const dataFolderLock = acquireDataFolderLock(dataDir, `CLI ${label}`)
    runtime = await createRuntime({
      transport: 'web',
      version: PACKAGE_VERSION,
      dataDir,
      dataFolderLock,
      // A temporary run keeps its key in memory and its vault and environments unwritten: its folder is deleted at the
      // end, and nothing needs encrypting to disk or flushing.
      cipher: ephemeral ? createMemoryCipher() : whileLocked(dataFolderLock, () => createKeyFileCipher(join(dataDir, 'vault.key'))),
      temporary: ephemeral,
      sandbox: mode === 'sandbox',
      sandboxAutoConsent: mode === 'sandbox' ? 'allow' : undefined,
      heartbeatMs: 3_600_000,
    })
    const rt = runtime
    const { call, trusted } = bridgeCalls(rt.registry)
    const env = await chooseEnvironment(call, mode, values, process.env.PARTNER_CLIENT_SECRET, label)
    return { runtime: rt, call, trusted, env, close: cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}
