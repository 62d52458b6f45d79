import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { listPackage } from '@electron/asar'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

// Packaging, up to the Electron binary: electron-builder runs for real on the built out/, with an unpacked "Electron"
// that is a stand-in file carrying a fuse wire (the binary cannot be downloaded here). It proves what goes into the
// asar and that the afterPack step flips the fuses; the installers themselves are built where Electron exists.
const ROOT = resolve(import.meta.dirname, '../../..')
/** The marker @electron/fuses looks for in Electron's binary; the fuse wire (version, length, states) follows it. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-dist-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now()
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', d => {
    output += d
  })
  child.stderr.on('data', d => {
    output += d
  })
  return new Promise(r => child.on('close', code => r({ code, output, ms: Date.now() - started })))
}

/** A stand-in Electron dist: an executable whose bytes hold Electron 45's fuse wire in its shipped state. */
function standInElectron(at: string): void {
  mkdirSync(join(at, 'resources'), { recursive: true })
  const shipped = '101100001' // RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on, … (Electron's defaults)
  const bytes = Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 0\n'),
    Buffer.alloc(4096),
    Buffer.from(SENTINEL),
    Buffer.from([1, shipped.length]),
    Buffer.from(shipped),
    Buffer.alloc(4096),
  ])
  writeFileSync(join(at, 'electron'), bytes)
  chmodSync(join(at, 'electron'), 0o755)
  writeFileSync(join(at, 'version'), '45.4.1')
  writeFileSync(join(at, 'LICENSE'), 'stand-in')
}

describe('npm run dist', () => {
  it('stops within seconds with one clear message when Electron cannot be downloaded', async () => {
    const server = createServer()
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
    const { port } = server.address() as { port: number }
    await new Promise<void>(r => server.close(() => r()))
    const result = await run('npm', ['run', 'dist', '--silent', '--', '--linux'], {
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_config_cache: join(dir, 'cache'),
      ELECTRON_INSTALL_ARCH: 'arm64', // not this machine's, so an installed node_modules/electron is never used instead
    })
    expect(result.code).toBe(1)
    expect(result.ms).toBeLessThan(15_000)
    expect(result.output).toContain('Could not download Electron 45.')
    expect(result.output).toContain('for linux-arm64')
    expect(result.output).toContain('Packaging needs Electron')
    expect(result.output).toContain('-c.electronDist=')
    expect(result.output).not.toContain('Building the app')
    expect(result.output).not.toMatch(/\n\s+at .+:\d+:\d+/)
  }, 60_000)

  it('electron-builder packs out/ and the production dependencies into app.asar and the afterPack step flips the fuses', async () => {
    expect(existsSync(join(ROOT, 'out/main/index.js')), 'run `npm run build` first (npm test does)').toBe(true)
    const electronDist = join(dir, 'electron-dist')
    standInElectron(electronDist)
    const output = join(dir, 'packages')
    const result = await run(process.execPath, [
      join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      '--x64',
      '--dir',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${output}`,
    ])
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain('fuses flipped')

    const unpacked = join(output, 'linux-unpacked')
    const wire = await getCurrentFuseWire(join(unpacked, 'partner-api-console'))
    const on = (fuse: FuseV1Options) => (wire as Record<number, FuseState>)[fuse] === FuseState.ENABLE
    expect(on(FuseV1Options.RunAsNode)).toBe(false)
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false)
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false)
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false)
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true)
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true)
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true)

    const files = listPackage(join(unpacked, 'resources/app.asar'), { isPack: false }).map(f => f.replaceAll('\\', '/'))
    expect(files).toEqual(
      expect.arrayContaining(['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']),
    )
    const top = new Set(files.map(f => f.split('/')[1]))
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json'])
    expect(files.some(f => f.startsWith('/out/node/'))).toBe(false)
    expect(files.some(f => f.startsWith('/src/') || f.startsWith('/test/'))).toBe(false)
    const modules = new Set(files.filter(f => /^\/node_modules\/[^/@]+$/.test(f)).map(f => f.split('/')[2]))
    expect(modules.has('undici')).toBe(true)
    for (const dev of ['electron', 'vite', 'react', 'vitest', 'electron-builder']) expect(modules.has(dev), dev).toBe(false)
  }, 240_000)
})
