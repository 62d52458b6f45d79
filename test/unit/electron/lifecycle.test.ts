import { EventEmitter } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The Electron binary cannot run here: `app`, `dialog` and `net` are stand-ins recording what the glue asks of them.
const fake = vi.hoisted(() => ({
  app: null as unknown as import('node:events').EventEmitter & { quit: () => void },
  lockGranted: true,
  quits: 0,
  exits: [] as number[],
  errorBoxes: [] as Array<[string, string]>,
  messageBoxes: [] as Array<Record<string, unknown>>,
  answer: 0,
  /** Told of every exit, quit and reload the glue asks for: tests wait on it (`until`), not on a polling timer. */
  events: null as unknown as import('node:events').EventEmitter,
}))
vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  fake.events = new EventEmitter()
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: () => fake.lockGranted,
    quit: () => {
      fake.quits++
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
      app.emit('before-quit', event)
      fake.events.emit('change')
    },
    exit: (code: number) => {
      fake.exits.push(code)
      fake.events.emit('change')
    },
  })
  fake.app = app as never
  return {
    app,
    dialog: {
      showErrorBox: (title: string, text: string) => fake.errorBoxes.push([title, text]),
      showMessageBox: async (...args: unknown[]) => {
        fake.messageBoxes.push(args.at(-1) as Record<string, unknown>)
        return { response: fake.answer }
      },
    },
    net: {
      // net.fetch of a file:// URL, answered from the real file.
      fetch: async (url: string) =>
        new Response(await readFile(fileURLToPath(url)), {
          headers: { 'content-type': url.endsWith('.html') ? 'text/html' : 'text/javascript' },
        }),
    },
    protocol: { registerSchemesAsPrivileged: () => {} },
  }
})

const { claimSingleInstance, focusWindow, quitAfterClose, failStartup, offerReloadOnCrash, pageLoadFailure, withinBound } = await import(
  '../../../src/main/electron/lifecycle'
)
const { appMenuTemplate, devToolsAllowed } = await import('../../../src/main/electron/app-menu')
const { rendererResponse, DESKTOP_CSP } = await import('../../../src/main/electron/app-protocol')
const { HEAD_SCRIPT_CSP_SOURCE } = await import('../../../src/shared/head-script')
const { mainWindowOptions } = await import('../../../src/main/electron/window-options')
const { ConsoleError } = await import('../../../src/main/engine/core/console-error')

/** Resolves once `check` holds, tested again at each exit, quit or reload the glue asks for. */
function until(check: () => boolean): Promise<void> {
  return new Promise(resolve => {
    const test = () => {
      if (!check()) return
      fake.events.off('change', test)
      resolve()
    }
    fake.events.on('change', test)
    test()
  })
}

beforeEach(() => {
  fake.app.removeAllListeners()
  fake.lockGranted = true
  fake.quits = 0
  fake.exits.length = 0
  fake.errorBoxes.length = 0
  fake.messageBoxes.length = 0
  fake.answer = 0
})
afterEach(() => {
  vi.useRealTimers()
})

function fakeWindow(minimized = false) {
  const calls: string[] = []
  return {
    calls,
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  }
}

describe('single instance', () => {
  it('the first instance keeps the lock and brings its window forward when launched again', () => {
    const win = fakeWindow(true)
    expect(claimSingleInstance(() => focusWindow(win as never))).toBe(true)
    fake.app.emit('second-instance', {}, ['electron', '.'], '/home/u')
    expect(win.calls).toEqual(['restore', 'show', 'focus'])
  })

  it('a second instance is told it is second and registers nothing', () => {
    fake.lockGranted = false
    expect(claimSingleInstance(() => {})).toBe(false)
    expect(fake.app.listenerCount('second-instance')).toBe(0)
  })
})

describe('quitting', () => {
  it('waits for the runtime to close, then quits once', async () => {
    let finish: () => void = () => {}
    const close = vi.fn(() => new Promise<void>(resolve => (finish = resolve)))
    quitAfterClose(close)
    const quitting = new Promise<void>(resolve =>
      fake.app.on('before-quit', (e: { defaultPrevented: boolean }) => !e.defaultPrevented && resolve()),
    )
    fake.app.quit()
    fake.app.quit() // a second request while closing starts no second close
    expect(close).toHaveBeenCalledTimes(1)
    expect(fake.quits).toBe(2)
    finish()
    await quitting
    expect(fake.quits).toBe(3)
  })

  it('quits anyway when closing takes longer than the bound', async () => {
    vi.useFakeTimers()
    quitAfterClose(() => new Promise<void>(() => {}), 5_000)
    fake.app.quit()
    await vi.advanceTimersByTimeAsync(4_999)
    expect(fake.quits).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.quits).toBe(2)
    expect(await withinBound(Promise.resolve(), 10)).toBe('done')
  })
})

describe('start-up failure', () => {
  it('shows the cause and what to do in an error dialog, closes what started, and exits non-zero', async () => {
    const cleanup = vi.fn(async () => {})
    const error = new ConsoleError('conflict', 'The data folder /d is in use by the web host (pid 42, started 2026-11-23T00:00:00Z).', {
      hint: 'Close the other one.',
    })
    void failStartup(error, cleanup)
    await until(() => fake.exits.length > 0)
    expect(fake.exits).toEqual([1])
    expect(cleanup).toHaveBeenCalledTimes(1)
    expect(fake.errorBoxes).toEqual([
      ['Partner API Console could not start', expect.stringMatching(/in use by the web host \(pid 42.*\n\nClose the other one\.$/s)],
    ])
  })
})

describe('the window page that does not load', () => {
  /** Electron rejects loadURL with an Error carrying Chromium's net error name in `code`. */
  const loadError = (code: string, errno: number) =>
    Object.assign(new Error(`${code} (${errno}) loading 'app://console/index.html'`), { code, errno, url: 'app://console/index.html' })

  it('ends the start with the reason and what to do in the dialog, instead of a blank window', async () => {
    const failure = pageLoadFailure(loadError('ERR_FILE_NOT_FOUND', -6), 'app://console/index.html', false)
    expect(failure?.message).toBe("The console's window could not load its page app://console/index.html (ERR_FILE_NOT_FOUND).")
    void failStartup(failure)
    await until(() => fake.exits.length > 0)
    expect(fake.exits).toEqual([1])
    expect(fake.errorBoxes).toEqual([
      [
        'Partner API Console could not start',
        expect.stringMatching(/ERR_FILE_NOT_FOUND\)\.\n\nThe installed files are incomplete or damaged/),
      ],
    ])
  })

  it('names the development server when the page comes from one, and any other rejection by its message', () => {
    const refused = pageLoadFailure(loadError('ERR_CONNECTION_REFUSED', -102), 'http://localhost:5173/', true)
    expect(refused?.hint).toMatch(/development server \(ELECTRON_RENDERER_URL\) is not answering/)
    expect(pageLoadFailure('no page', 'app://console/index.html', false)?.message).toMatch(/\(no page\)\.$/)
  })

  it('is no failure when the load was only aborted by another navigation', () => {
    expect(pageLoadFailure(loadError('ERR_ABORTED', -3), 'app://console/index.html', false)).toBeNull()
  })
})

describe('renderer crash', () => {
  function crash(reason: string) {
    const contents = Object.assign(new EventEmitter(), {
      reloads: 0,
      isDestroyed: () => false,
      reload: () => {
        contents.reloads++
        fake.events.emit('change')
      },
    })
    offerReloadOnCrash(contents as never, () => null)
    contents.emit('render-process-gone', {}, { reason, exitCode: 9 })
    return contents
  }

  it('offers a reload, and reloads when chosen', async () => {
    const contents = crash('crashed')
    await until(() => contents.reloads > 0)
    expect(contents.reloads).toBe(1)
    expect(fake.messageBoxes[0]).toMatchObject({ buttons: ['Reload', 'Quit'], detail: expect.stringContaining('crashed, exit code 9') })
    expect(fake.quits).toBe(0)
  })

  it('quits when Quit is chosen, and says nothing for a clean exit', async () => {
    fake.answer = 1
    const contents = crash('oom')
    await until(() => fake.quits > 0)
    expect(fake.quits).toBe(1)
    expect(contents.reloads).toBe(0)
    crash('clean-exit')
    expect(fake.messageBoxes).toHaveLength(1)
  })
})

describe('production build', () => {
  const roles = (template: ReturnType<typeof appMenuTemplate>) =>
    template
      .flatMap(item => [item.role, ...((item.submenu as Array<{ role?: string }> | undefined) ?? []).map(s => s.role)])
      .filter(Boolean)

  it('has a menu without reload or DevTools, and keeps copy and paste', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const production = roles(appMenuTemplate(platform, false))
      expect(production).not.toContain('reload')
      expect(production).not.toContain('forceReload')
      expect(production).not.toContain('toggleDevTools')
      expect(production).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo']))
      expect(roles(appMenuTemplate(platform, true))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']))
    }
    expect(appMenuTemplate('darwin', false)[0]?.label).toBe('Partner API Console')
  })

  it('allows DevTools in development, or in a packaged app only behind --devtools / PARTNER_CONSOLE_DEVTOOLS=1', () => {
    expect(devToolsAllowed(false, ['electron', '.'], {})).toBe(true)
    expect(devToolsAllowed(true, ['/opt/app/partner-api-console'], {})).toBe(false)
    expect(devToolsAllowed(true, ['/opt/app/partner-api-console', '--devtools'], {})).toBe(true)
    expect(devToolsAllowed(true, ['/opt/app/partner-api-console'], { PARTNER_CONSOLE_DEVTOOLS: '1' })).toBe(true)
    expect(mainWindowOptions('/p.cjs', false).webPreferences?.devTools).toBe(false)
    expect(mainWindowOptions('/p.cjs', false, true).webPreferences?.devTools).toBe(true)
  })
})

describe('app:// responses', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pc-renderer-'))
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Partner API Console</title>')
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('carry the CSP as a header; paths outside the renderer folder are 404 with the same header', async () => {
    const page = await rendererResponse(dir, 'app://console/index.html')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Partner API Console')
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('content-type')).toBe('text/html')
    // Scripts from the app, and the one inline script by its hash (shared/head-script.ts).
    expect(/script-src ([^;]+)/.exec(DESKTOP_CSP)?.[1]?.trim()).toBe(`'self' ${HEAD_SCRIPT_CSP_SOURCE}`)
    expect(DESKTOP_CSP).toContain("frame-ancestors 'none'")
    expect(DESKTOP_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
    const outside = join(dir, '..', `${dir.split('/').at(-1)}-secret.txt`)
    await writeFile(outside, 'outside')
    for (const bad of [
      'app://console/../../etc/passwd',
      'app://console/%2e%2e/%2e%2e/etc/passwd',
      `app://console/..%2f${outside.split('/').at(-1)}`,
      'app://console/missing.js',
      'app://other/index.html',
    ]) {
      const refused = await rendererResponse(dir, bad)
      expect(refused.status).toBe(404)
      expect(refused.headers.get('content-security-policy')).toBe(DESKTOP_CSP)
      expect(await refused.text()).toBe('Not found')
    }
    await rm(outside)
  })
})
