import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface LaunchFile {
  /** The file to hand to the browser opener: its path says nothing secret. */
  path: string
  remove(): void
}

/**
 * A page that sends the browser on to `url` (which carries a one-time launch token), written where only this user can
 * read it: a 0700 folder of the data folder, the file itself 0600, created anew (never reusing a file someone else
 * made). The browser is opened on this file, so the command line of the opener and of a browser it starts (readable by
 * every local user in `/proc/PID/cmdline`) holds a path, never a token.
 */
export function writeLaunchFile(dataDir: string, url: string): LaunchFile {
  const dir = join(dataDir, 'web-launch')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const path = join(dir, 'open-console.html')
  rmSync(path, { force: true })
  const href = new URL(url).href.replace(/[&"<>]/g, c => `&#${c.charCodeAt(0)};`)
  writeFileSync(
    path,
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Partner API Console</title>\n` +
      `<meta http-equiv="refresh" content="0;url=${href}">\n<p>Opening the Partner API Console… <a href="${href}">Continue</a></p>\n`,
    { mode: 0o600, flag: 'wx' },
  )
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
