import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'
import { packedExecutable } from '../../../scripts/dist/after-pack.mjs'
import { FUSES } from '../../../scripts/dist/fuses.mjs'

const ROOT = resolve(import.meta.dirname, '../../..')
const config = JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8'))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file)
  expect(data.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

describe('installers (electron-builder.json)', () => {
  it('packs the built app from out/ into an asar, as Partner API Console', () => {
    expect(config.productName).toBe('Partner API Console')
    expect(pkg.productName).toBe('Partner API Console')
    expect(config.asar).toBe(true)
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'out/main/**', 'out/preload/**', 'out/renderer/**']))
    for (const pattern of config.files as string[]) expect(pattern === 'package.json' || /^!?(out\/|\*\*)/.test(pattern), pattern).toBe(true)
    expect(pkg.main).toMatch(/^\.\/out\/main\//)
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'resources' })
  })

  it('targets AppImage and deb on Linux, dmg on macOS, NSIS on Windows, each with its icon', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.linux.icon).toBe('resources/icons')
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(join(ROOT, config.linux.icon, `${size}x${size}.png`))).toEqual({ width: size, height: size })
    }
    const ico = readFileSync(join(ROOT, config.win.icon))
    expect(ico.readUInt16LE(2)).toBe(1)
    const entries = ico.readUInt16LE(4)
    const sizes = Array.from({ length: entries }, (_, i) => ico.readUInt8(6 + 16 * i) || 256)
    expect(sizes).toContain(256)
    expect(sizes).toContain(16)
    const icns = readFileSync(join(ROOT, config.mac.icon))
    expect(icns.subarray(0, 4).toString()).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic10'))).toBe(true)
  })

  it('flips the fuses in afterPack: RunAsNode, NODE_OPTIONS and inspect off; cookie encryption, asar integrity and asar-only on', () => {
    expect(config.afterPack).toBe('./scripts/dist/after-pack.mjs')
    expect(FUSES).toMatchObject({
      strictlyRequireAllFuses: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
    // Every fuse of the wire is decided (strictlyRequireAllFuses would fail the build otherwise).
    const decided = Object.keys(FuseV1Options).filter(k => /^\d+$/.test(k))
    for (const index of decided) expect(typeof (FUSES as Record<string, unknown>)[index], FuseV1Options[Number(index)]).toBe('boolean')
    // electron-builder's own fuse step stays off: one place flips them.
    expect(config.electronFuses).toBeUndefined()
  })

  it('finds the packed executable on each platform', () => {
    const context = (electronPlatformName: string) => ({
      electronPlatformName,
      appOutDir: '/b/out',
      packager: { appInfo: { productFilename: 'Partner API Console' }, executableName: 'partner-api-console' },
    })
    expect(packedExecutable(context('linux'))).toBe('/b/out/partner-api-console')
    expect(packedExecutable(context('win32'))).toBe('/b/out/Partner API Console.exe')
    expect(packedExecutable(context('darwin'))).toBe('/b/out/Partner API Console.app')
  })
})
