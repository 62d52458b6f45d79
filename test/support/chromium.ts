import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** Flags that keep Chromium quiet on a machine with no network and no GPU (and let it run as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Which Chromium the browser tests drive: $CHROMIUM_PATH if set, else Playwright's own build when it was installed
 * (`npx playwright install chromium`), else the distribution's (/usr/bin/chromium). Throws a message that says how to
 * get one when there is none.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`)
    return fromEnv
  }
  let own: string | undefined
  try {
    own = chromium.executablePath()
  } catch {
    own = undefined
  }
  const candidates = [
    own,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ]
  const found = candidates.find((p): p is string => !!p && existsSync(p))
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `npx playwright install chromium`, or on Debian/Ubuntu ' +
        '`sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    )
  }
  return found
}
