// Renders resources/icon.svg into the icons electron-builder packs: resources/icons/<N>x<N>.png (Linux),
// resources/icon.ico (Windows: PNG entries 16–256) and resources/icon.icns (macOS: PNG entries 16–1024), with the
// Chromium the browser tests use. Run after changing the SVG (`npm run icons`); the results are committed, so
// packaging needs no browser.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { findChromium, CHROMIUM_ARGS } from '../../test/support/chromium.ts'

const root = join(import.meta.dirname, '../..')
const resources = join(root, 'resources')
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8')
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
const png = {}
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    )
    png[size] = await page.locator('svg').screenshot({ omitBackground: true, type: 'png' })
    process.stdout.write(`${size}×${size} `)
  }
} finally {
  await browser.close()
}

mkdirSync(join(resources, 'icons'), { recursive: true })
for (const size of SIZES) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png[size])
writeFileSync(join(resources, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256].map(s => [s, png[s]])))
writeFileSync(
  join(resources, 'icon.icns'),
  icns([
    ['icp4', png[16]],
    ['icp5', png[32]],
    ['icp6', png[64]],
    ['ic07', png[128]],
    ['ic08', png[256]],
    ['ic09', png[512]],
    ['ic10', png[1024]],
    ['ic11', png[32]],
    ['ic12', png[64]],
    ['ic13', png[256]],
    ['ic14', png[512]],
  ]),
)
process.stdout.write('\nWrote resources/icons/*.png, resources/icon.ico, resources/icon.icns\n')

/** An ICO file whose entries are PNG images (Windows Vista and later read these). */
function ico(entries) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(entries.length, 4)
  let offset = 6 + 16 * entries.length
  const dir = entries.map(([size, data]) => {
    const e = Buffer.alloc(16)
    e.writeUInt8(size >= 256 ? 0 : size, 0)
    e.writeUInt8(size >= 256 ? 0 : size, 1)
    e.writeUInt8(0, 2)
    e.writeUInt8(0, 3)
    e.writeUInt16LE(1, 4)
    e.writeUInt16LE(32, 6)
    e.writeUInt32LE(data.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += data.length
    return e
  })
  return Buffer.concat([header, ...dir, ...entries.map(([, data]) => data)])
}

/** An ICNS file: 'icns' + total length, then (type, length including the 8-byte header, PNG data) per entry. */
function icns(entries) {
  const chunks = entries.map(([type, data]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}
