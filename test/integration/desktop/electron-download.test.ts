import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { downloadElectronArchive, ElectronDownloadError } from '../../../scripts/electron/electron-binary.mjs'
import { ensureElectron } from '../../../scripts/electron/ensure-electron.mjs'

// The first `npm start` on a machine that can download Electron, for real up to the bytes: a mirror on loopback
// (ELECTRON_MIRROR, as a company mirror would be) serves a zip and its SHASUMS256.txt, and our code, @electron/get and
// electron's own install-electron fetch, verify, cache and unpack it into a copy of the electron package in a
// temporary project. The zip's "electron" is a stand-in script, the one thing that cannot be the real binary here.
const ROOT = resolve(import.meta.dirname, '../../..')
const VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version as string
const ZIP_NAME = `electron-v${VERSION}-linux-${process.arch}.zip`

/** A stored (uncompressed) zip whose entries keep their Unix modes, as Electron's release zips do. */
function zip(entries: Array<{ name: string; data: Buffer; mode: number }>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data, mode } of entries) {
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

class Capture extends Writable {
  text = ''
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString()
    done()
  }
}

let dir = ''
let server: Server | undefined
const sockets = new Set<Socket>()
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-electron-get-'))
})
afterEach(async () => {
  for (const s of sockets) s.destroy()
  sockets.clear()
  await new Promise<void>(r => (server ? server.close(() => r()) : r()))
  server = undefined
  await rm(dir, { recursive: true, force: true })
})

async function mirror(handle: (path: string, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => handle(req.url ?? '', res))
  server.on('connection', s => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>(r => server?.listen(0, '127.0.0.1', () => r()))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`
}

/** A project folder whose node_modules/electron is a real copy of the installed package (its dependencies linked). */
function project(): string {
  const root = join(dir, 'project')
  const electron = join(root, 'node_modules/electron')
  mkdirSync(electron, { recursive: true })
  writeFileSync(join(root, 'package.json'), '{ "name": "download-test", "private": true }')
  for (const file of ['package.json', 'index.js', 'install.js', 'cli.js', 'checksums.json']) {
    copyFileSync(join(ROOT, 'node_modules/electron', file), join(electron, file))
  }
  for (const scope of ['@electron', '@electron-internal']) symlinkSync(join(ROOT, 'node_modules', scope), join(root, 'node_modules', scope))
  return root
}

describe.skipIf(process.platform !== 'linux')('fetching Electron on first start', () => {
  it('downloads once with progress, verifies, unpacks with install-electron, and uses the installed binary afterwards', async () => {
    const archive = zip([
      { name: 'electron', data: Buffer.from('#!/bin/sh\necho "stand-in electron $@"\n'), mode: 0o755 },
      { name: 'version', data: Buffer.from(VERSION), mode: 0o644 },
      { name: 'resources.pak', data: randomBytes(3 * 1024 * 1024), mode: 0o644 },
    ])
    const sums = `${createHash('sha256').update(archive).digest('hex')} *${ZIP_NAME}\n`
    const requests: string[] = []
    const url = await mirror((path, res) => {
      requests.push(path)
      if (path === `/v${VERSION}/${ZIP_NAME}`) {
        res.writeHead(200, { 'content-length': archive.length, 'content-type': 'application/zip' })
        // In pieces, as a network delivers it: progress has something to report.
        let at = 0
        const next = () => {
          if (at >= archive.length) return void res.end()
          res.write(archive.subarray(at, at + 256 * 1024), next)
          at += 256 * 1024
        }
        next()
      } else if (path === `/v${VERSION}/SHASUMS256.txt`) res.end(sums)
      else res.writeHead(404).end()
    })
    const root = project()
    const env = {
      ...process.env,
      ELECTRON_MIRROR: url,
      electron_use_remote_checksums: '1',
      electron_config_cache: join(dir, 'cache'),
      ELECTRON_EXEC_PATH: '',
      ELECTRON_OVERRIDE_DIST_PATH: '',
      ELECTRON_INSTALL_PLATFORM: '',
      ELECTRON_INSTALL_ARCH: '',
    }
    const out = new Capture()

    const executable = await ensureElectron({ root, env, purpose: 'start', out })

    expect(executable).toBe(join(root, 'node_modules/electron/dist/electron'))
    expect(execFileSync(executable, ['--version']).toString()).toBe('stand-in electron --version\n')
    expect(readFileSync(join(root, 'node_modules/electron/path.txt'), 'utf8')).toBe('electron')
    expect(out.text).toContain("Electron's own binary is not installed yet: fetching it once")
    const progress = out.text.split('\n').filter(l => l.startsWith(`Downloading Electron ${VERSION} (linux-${process.arch}): `))
    expect(progress.length).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)).toMatch(/: 100 % of 3\.0 MB$/)
    expect(out.text).toContain('Unpacking Electron (install-electron)')
    expect(requests.filter(p => p.endsWith('.zip'))).toHaveLength(1)

    // The next start finds it installed: no message, no request.
    const again = new Capture()
    expect(await ensureElectron({ root, env, purpose: 'start', out: again })).toBe(executable)
    expect(again.text).toBe('')
    expect(requests.filter(p => p.endsWith('.zip'))).toHaveLength(1)
  }, 120_000)

  it('gives up on a download that stops arriving, instead of waiting for the OS timeout', async () => {
    const url = await mirror((_path, res) => {
      res.writeHead(200, { 'content-length': 10_000_000 })
      res.write(Buffer.alloc(1000))
      // …and nothing more: a connection that hangs.
    })
    const root = project()
    const env = { ...process.env, ELECTRON_MIRROR: url, electron_config_cache: join(dir, 'cache') }
    const error = await downloadElectronArchive(join(root, 'node_modules/electron'), { env, stallMs: 500 }).catch(e => e)
    expect(error).toBeInstanceOf(ElectronDownloadError)
    expect(error.message).toBe('nothing was received for 0.5 s')
    expect(error.url).toBe(`${url}v${VERSION}/${ZIP_NAME}`)
    expect(existsSync(join(root, 'node_modules/electron/path.txt'))).toBe(false)
  }, 60_000)
})
