import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMPORT_RECORD_FILE } from '../../../src/main/runtime/legacy-import'
import { addEnvironment, startConsole } from '../auth/auth-harness'

// The Electron binary cannot run here: `dialog` is a stand-in that records each box and answers as the user would.
const boxes = vi.hoisted(() => ({ shown: [] as Array<Record<string, unknown>>, answer: 0 }))
vi.mock('electron', () => ({
  dialog: {
    showMessageBox: async (options: Record<string, unknown>) => {
      boxes.shown.push(options)
      return { response: boxes.answer }
    },
  },
}))
const { offerLegacyImport } = await import('../../../src/main/electron/legacy-import-offer')

let xdg: string
let dataDir: string
const saved = process.env.XDG_CONFIG_HOME
beforeEach(async () => {
  xdg = await mkdtemp(join(tmpdir(), 'pc-offer-'))
  process.env.XDG_CONFIG_HOME = xdg
  dataDir = join(xdg, 'Partner API Console')
  await mkdir(dataDir, { recursive: true })
  boxes.shown.length = 0
})
afterEach(async () => {
  if (saved === undefined) delete process.env.XDG_CONFIG_HOME
  else process.env.XDG_CONFIG_HOME = saved
  await rm(xdg, { recursive: true, force: true })
})

/** The old web/CLI folder with one environment whose secret is in its key-file vault, as a real console leaves it. */
async function oldFolder(secret: string): Promise<string> {
  const old = join(xdg, 'partner-console')
  const c = await startConsole({ dataDir: old })
  await addEnvironment(
    c,
    { url: 'http://127.0.0.1:9', clientId: 'old-client', clientSecret: secret, redirectUri: 'http://127.0.0.1:9/cb' },
    { name: 'Staging "EU" $(x)' },
  )
  await c.close()
  return old
}

describe("the desktop app's one-time offer of the old web/CLI data folder", () => {
  it('Import copies it in, says what came over without the secret, and never asks again', async () => {
    const secret = 'old-secret-"quoted"-value'
    const old = await oldFolder(secret)
    boxes.answer = 0
    await offerLegacyImport(dataDir)
    expect(boxes.shown.map(b => b.title)).toEqual(['Bring in your web console data?', 'Imported'])
    expect(String(boxes.shown[1]?.detail)).toContain('Environments: Staging "EU" $(x).')
    expect(JSON.stringify(boxes.shown)).not.toContain(secret)
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['environments.json', 'vault.json', IMPORT_RECORD_FILE]))
    expect(await readdir(old)).toContain('environments.json')

    const c = await startConsole({ dataDir })
    try {
      const [env] = (await c.ok('environments:list', {})).environments
      expect(env?.name).toBe('Staging "EU" $(x)')
      expect((await c.ok('environments:revealSecret', { id: env?.id as string })).value).toBe(secret)
    } finally {
      await c.close()
    }
    await offerLegacyImport(dataDir)
    expect(boxes.shown).toHaveLength(2)
  })

  it("Don't import copies nothing, records the answer, and never asks again", async () => {
    await oldFolder('declined-secret-value')
    boxes.answer = 1
    await offerLegacyImport(dataDir)
    expect(boxes.shown.map(b => b.title)).toEqual(['Bring in your web console data?'])
    expect(await readdir(dataDir)).toEqual([IMPORT_RECORD_FILE])
    expect(JSON.parse(await readFile(join(dataDir, IMPORT_RECORD_FILE), 'utf8')).declinedAt).toBeTruthy()
    boxes.answer = 0
    await offerLegacyImport(dataDir)
    expect(boxes.shown).toHaveLength(1)
  })

  it('asks nothing when there is no old folder, or when the shared folder already has environments', async () => {
    await offerLegacyImport(dataDir)
    expect(boxes.shown).toEqual([])
    await oldFolder('unused-secret-value')
    await writeFile(join(dataDir, 'environments.json'), JSON.stringify({ environments: [{ name: 'Mine' }] }))
    await offerLegacyImport(dataDir)
    expect(boxes.shown).toEqual([])
    expect(existsSync(join(dataDir, IMPORT_RECORD_FILE))).toBe(false)
  })
})
