import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// The Electron binary cannot run here: these stand-ins record what our glue asks of Electron and let the test fire
// the navigation events a real window would fire.
type BeforeRequest = (
  details: { url: string; resourceType: string; webContentsId?: number },
  callback: (r: { cancel?: boolean }) => void,
) => void

let nextContentsId = 1
class FakeContents extends EventEmitter {
  readonly id = nextContentsId++
  openHandler: ((d: { url: string }) => { action: string }) | null = null
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
    this.openHandler = fn
  }
}

const state = {
  windows: [] as FakeWindow[],
  sessions: new Map<
    string,
    { beforeRequest: BeforeRequest | null; filter: unknown; permission: unknown; cleared: number; options: unknown }
  >(),
  fromPartitionCalls: 0,
}

class FakeWindow extends EventEmitter {
  readonly webContents = new FakeContents()
  destroyed = false
  loaded: string | null = null
  constructor(readonly options: { webPreferences: Record<string, unknown> }) {
    super()
    state.windows.push(this)
  }
  loadURL(url: string) {
    this.loaded = url
    return Promise.resolve()
  }
  isDestroyed() {
    return this.destroyed
  }
  close() {
    this.destroyed = true
    this.emit('closed')
  }
}

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  session: {
    fromPartition: (partition: string, options: unknown) => {
      state.fromPartitionCalls++
      const entry = {
        beforeRequest: null as BeforeRequest | null,
        filter: null as unknown,
        permission: null as unknown,
        cleared: 0,
        options,
      }
      state.sessions.set(partition, entry)
      return {
        setPermissionRequestHandler: (fn: unknown) => {
          entry.permission = fn
        },
        setPermissionCheckHandler: () => {},
        clearStorageData: () => {
          entry.cleared++
          return Promise.resolve()
        },
        webRequest: {
          onBeforeRequest: (filter: unknown, fn: BeforeRequest) => {
            entry.filter = filter
            entry.beforeRequest = fn
          },
        },
      }
    },
  },
}))

const { createEmbeddedAuthWindowOpener } = await import('../../../src/main/electron/embedded-auth-window')

const request = {
  authorizeUrl: 'https://auth.partner.example/oauth2/authorize/?client_id=c',
  redirectUri: 'https://partner.example/oauth/cb',
  title: 'Authorize',
}

function navEvent(url: string) {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

function lastWindow(): FakeWindow {
  return state.windows.at(-1) as FakeWindow
}

function sessionOf(win: FakeWindow) {
  return state.sessions.get(win.options.webPreferences.partition as string)!
}

describe('embedded authorization window', () => {
  beforeEach(() => {
    state.windows.length = 0
    state.sessions.clear()
    state.fromPartitionCalls = 0
  })

  it('opens the authorize URL in a sandboxed, isolated window on one shared in-memory partition, and no preload', () => {
    const opener = createEmbeddedAuthWindowOpener()
    opener.open(request)
    opener.open(request)
    opener.open(request)
    const [a, b] = state.windows as [FakeWindow, FakeWindow]
    const prefs = a.options.webPreferences
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false })
    expect(prefs.preload).toBeUndefined()
    expect(String(prefs.partition)).not.toMatch(/^persist:/)
    // One session for every attempt: Electron keeps each partition until quit, so a new one per attempt would leak.
    expect(b.options.webPreferences.partition).toBe(prefs.partition)
    expect(state.fromPartitionCalls).toBe(1)
    expect(state.sessions.get(String(prefs.partition))?.options).toEqual({ cache: false })
    expect(a.loaded).toBe(request.authorizeUrl)
    expect(a.webContents.openHandler?.({ url: 'https://x.example' })).toEqual({ action: 'deny' })
    const denied = vi.fn()
    ;(sessionOf(a).permission as (c: unknown, p: string, cb: (ok: boolean) => void) => void)(null, 'camera', denied)
    expect(denied).toHaveBeenCalledWith(false)
  })

  it('stops the server redirect to the registered https URI and hands the URL over', async () => {
    const session = createEmbeddedAuthWindowOpener().open(request)
    const win = lastWindow()
    const elsewhere = navEvent('https://auth.partner.example/login')
    win.webContents.emit('will-navigate', elsewhere)
    expect(elsewhere.defaultPrevented).toBe(false)
    const redirect = navEvent('https://partner.example/oauth/cb?code=abc&state=s')
    win.webContents.emit('will-redirect', redirect)
    expect(redirect.defaultPrevented).toBe(true)
    await expect(session.outcome).resolves.toEqual({ kind: 'redirect', url: 'https://partner.example/oauth/cb?code=abc&state=s' })
  })

  it('cancels the main-frame request to the redirect URI before it leaves, and lets everything else through', async () => {
    const opener = createEmbeddedAuthWindowOpener()
    const other = opener.open({ ...request, redirectUri: 'https://other.example/cb' })
    const otherId = lastWindow().webContents.id
    const session = opener.open(request)
    const id = lastWindow().webContents.id
    const ses = sessionOf(lastWindow())
    expect(ses.filter).toEqual({ urls: ['<all_urls>'], types: ['mainFrame'] })
    const answers: Array<{ cancel?: boolean }> = []
    const hook = (url: string, webContentsId?: number) =>
      ses.beforeRequest?.({ url, resourceType: 'mainFrame', webContentsId }, r => answers.push(r))
    hook('https://auth.partner.example/consent', id)
    hook('https://partner.example/oauth/cb/?code=1', id)
    // The shared hook asks only the window the request belongs to.
    hook('https://partner.example/oauth/cb?code=2', otherId)
    hook('https://partner.example/oauth/cb?code=3')
    hook('https://partner.example/oauth/cb?error=access_denied', id)
    expect(answers).toEqual([{}, {}, {}, {}, { cancel: true }])
    await expect(session.outcome).resolves.toEqual({ kind: 'redirect', url: 'https://partner.example/oauth/cb?error=access_denied' })
    other.close()
    await expect(other.outcome).resolves.toEqual({ kind: 'closed' })
  })

  it('catches custom-scheme redirect URIs through navigation events', async () => {
    const session = createEmbeddedAuthWindowOpener().open({ ...request, redirectUri: 'com.partner.app:/oauth2redirect' })
    const event = navEvent('com.partner.app:/oauth2redirect?code=xyz')
    lastWindow().webContents.emit('will-navigate', event)
    expect(event.defaultPrevented).toBe(true)
    await expect(session.outcome).resolves.toEqual({ kind: 'redirect', url: 'com.partner.app:/oauth2redirect?code=xyz' })
  })

  it('reports a window closed by the user, and close() closes it and wipes the shared partition each time', async () => {
    const opener = createEmbeddedAuthWindowOpener()
    const session = opener.open(request)
    const win = lastWindow()
    session.close()
    expect(win.destroyed).toBe(true)
    await expect(session.outcome).resolves.toEqual({ kind: 'closed' })
    expect(sessionOf(win).cleared).toBe(1)
    session.close()
    const second = opener.open(request)
    lastWindow().close()
    await expect(second.outcome).resolves.toEqual({ kind: 'closed' })
    expect(sessionOf(win).cleared).toBe(2)
  })

  it('keeps the first outcome when several signals arrive', async () => {
    const session = createEmbeddedAuthWindowOpener().open(request)
    const win = lastWindow()
    win.webContents.emit('did-navigate', {}, 'https://partner.example/oauth/cb?code=first')
    win.webContents.emit('will-redirect', navEvent('https://partner.example/oauth/cb?code=second'))
    win.close()
    await expect(session.outcome).resolves.toEqual({ kind: 'redirect', url: 'https://partner.example/oauth/cb?code=first' })
  })
})
