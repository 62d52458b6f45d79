import { beforeEach, describe, expect, it, vi } from 'vitest'

// The Electron binary cannot run here: these tests stand in for the `electron` module only, and exercise our glue.
const handlers = new Map<string, (event: unknown, payload: unknown, callId?: unknown) => unknown>()
const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>()
vi.mock('electron', () => ({
  ipcMain: {
    handle: (name: string, fn: (event: unknown, payload: unknown) => unknown) => handlers.set(name, fn),
    removeHandler: (name: string) => handlers.delete(name),
    on: (name: string, fn: (event: unknown, ...args: unknown[]) => void) => listeners.set(name, fn),
    removeListener: (name: string) => listeners.delete(name),
  },
}))

const { registerIpc } = await import('../../../src/main/electron/ipc')
const { mainWindowOptions, isSafeExternalUrl, isAppNavigation } = await import('../../../src/main/electron/window-options')
const { limitNavigation, denyAllPermissions, limitPermissions } = await import('../../../src/main/electron/harden-session')
const { HandlerRegistry } = await import('../../../src/main/bridge/registry')
const { channelNames, CANCEL_IPC_CHANNEL } = await import('../../../src/shared/contract')
const { ConsoleError } = await import('../../../src/main/engine/core/console-error')

const APP = 'app://console/index.html'

describe('IPC registration', () => {
  beforeEach(() => {
    handlers.clear()
    listeners.clear()
  })

  it('registers every contract channel and dispatches calls from the app window', async () => {
    const registry = new HandlerRegistry()
    registry.handle('app:ping', r => ({ echo: r.echo, at: 't' }))
    registerIpc(registry, { appOrigin: 'app://console' })
    expect([...handlers.keys()].sort()).toEqual([...channelNames].sort())
    const result = await handlers.get('app:ping')?.({ senderFrame: { url: APP, parent: null } }, { echo: 'x' })
    expect(result).toEqual({ ok: true, value: { echo: 'x', at: 't' } })
  })

  it('refuses calls from a foreign page or a sub-frame without running the handler', async () => {
    const registry = new HandlerRegistry()
    const spy = vi.fn((r: { echo: string }) => ({ echo: r.echo, at: 't' }))
    registry.handle('app:ping', spy)
    registerIpc(registry, { appOrigin: 'app://console' })
    const fromWeb = await handlers.get('app:ping')?.({ senderFrame: { url: 'https://evil.example/', parent: null } }, { echo: 'x' })
    const fromIframe = await handlers.get('app:ping')?.({ senderFrame: { url: APP, parent: {} } }, { echo: 'x' })
    const noFrame = await handlers.get('app:ping')?.({ senderFrame: null }, { echo: 'x' })
    for (const r of [fromWeb, fromIframe, noFrame]) expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(spy).not.toHaveBeenCalled()
  })

  it('a bridge:cancel message from the window aborts the signal of that call only', async () => {
    const registry = new HandlerRegistry()
    let started!: () => void
    const running = new Promise<void>(resolve => {
      started = resolve
    })
    let aborts = 0
    registry.handle(
      'http:send',
      (_req, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborts += 1
            reject(new ConsoleError('cancelled', 'The request was cancelled.'))
          })
          started()
        }),
    )
    registerIpc(registry, { appOrigin: 'app://console' })
    const window = { senderFrame: { url: APP, parent: null }, sender: { id: 3 } }
    const pending = handlers.get('http:send')?.(window, { method: 'GET', path: '/x' }, 41)
    await running
    const cancel = listeners.get(CANCEL_IPC_CHANNEL)
    cancel?.({ senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 3 } }, 41)
    cancel?.({ ...window, sender: { id: 4 } }, 41)
    cancel?.(window, 40)
    expect(aborts).toBe(0)
    cancel?.(window, 41)
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(aborts).toBe(1)
  })
})

describe('window and session hardening', () => {
  it('main window options keep the renderer isolated and sandboxed', () => {
    const o = mainWindowOptions('/app/out/preload/index.cjs', false)
    expect(o.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    })
    expect(o.minWidth).toBe(1024)
    expect(o.minHeight).toBe(700)
  })

  it('only http(s) URLs may go to the OS, and navigation stays on the app page', () => {
    expect(isSafeExternalUrl('https://auth.example.com/oauth2/authorize/?a=1')).toBe(true)
    expect(isSafeExternalUrl('http://127.0.0.1:5000/')).toBe(true)
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-settings:', 'nonsense']) {
      expect(isSafeExternalUrl(bad)).toBe(false)
    }
    expect(isAppNavigation(APP, APP)).toBe(true)
    expect(isAppNavigation('app://console/other.html', APP)).toBe(true)
    expect(isAppNavigation('app://elsewhere/index.html', APP)).toBe(false)
    expect(isAppNavigation('file:///etc/passwd', APP)).toBe(false)
    expect(isAppNavigation('https://example.com/', APP)).toBe(false)
    expect(isAppNavigation('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true)
  })

  it('new windows are denied (links go to the browser), foreign navigation is cancelled, permissions are refused', () => {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>()
    let openHandler: ((d: { url: string }) => { action: string }) | undefined
    const contents = {
      setWindowOpenHandler: (fn: typeof openHandler) => {
        openHandler = fn
      },
      on: (name: string, fn: (event: { preventDefault(): void }, url?: string) => void) => listeners.set(name, fn),
    }
    const opened: string[] = []
    limitNavigation(contents as never, APP, u => opened.push(u))
    expect(openHandler?.({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' })
    expect(openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://docs.example.com/'])
    const prevented: string[] = []
    const ev = (name: string) => ({ preventDefault: () => prevented.push(name) })
    listeners.get('will-navigate')?.(ev('away'), 'https://evil.example/')
    listeners.get('will-navigate')?.(ev('home'), APP)
    listeners.get('will-attach-webview')?.(ev('webview'))
    expect(prevented).toEqual(['away', 'webview'])

    let permission: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined
    let check: (() => boolean) | undefined
    denyAllPermissions({
      setPermissionRequestHandler: (fn: typeof permission) => (permission = fn),
      setPermissionCheckHandler: (fn: typeof check) => (check = fn),
    } as never)
    const answers: boolean[] = []
    permission?.({}, 'media', ok => answers.push(ok))
    expect(answers).toEqual([false])
    expect(check?.()).toBe(false)
  })

  it('allows exactly clipboard-sanitized-write, to the main frame of the console page only', () => {
    type RequestHandler = (c: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl: string; isMainFrame: boolean }) => void
    type CheckHandler = (c: unknown, p: string, origin: string, d: { requestingUrl?: string; isMainFrame: boolean }) => boolean
    let request: RequestHandler | undefined
    let check: CheckHandler | undefined
    limitPermissions(
      {
        setPermissionRequestHandler: (fn: RequestHandler) => (request = fn),
        setPermissionCheckHandler: (fn: CheckHandler) => (check = fn),
      } as never,
      ['app://console', 'http://localhost:5173'],
    )
    const ask = (permission: string, requestingUrl: string, isMainFrame = true) => {
      const answers: boolean[] = []
      request?.({}, permission, ok => answers.push(ok), { requestingUrl, isMainFrame })
      const checked = check?.({}, permission, new URL(requestingUrl).origin, { requestingUrl, isMainFrame })
      expect(answers).toHaveLength(1)
      expect(checked, 'the check handler agrees with the request handler').toBe(answers[0])
      return answers[0]
    }
    expect(ask('clipboard-sanitized-write', 'app://console/index.html')).toBe(true)
    expect(ask('clipboard-sanitized-write', 'http://localhost:5173/')).toBe(true)
    // Not the app's main frame, not the app, or not the one permission: denied.
    expect(ask('clipboard-sanitized-write', 'app://console/index.html', false)).toBe(false)
    expect(ask('clipboard-sanitized-write', 'https://auth.partner.example/login')).toBe(false)
    expect(ask('clipboard-sanitized-write', 'http://localhost:5174/')).toBe(false)
    expect(ask('clipboard-sanitized-write', 'app://evil/index.html')).toBe(false)
    for (const other of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'unknown']) {
      expect(ask(other, 'app://console/index.html')).toBe(false)
    }
    // A check without a requesting URL falls back to the requesting origin; an empty one is refused.
    expect(check?.({}, 'clipboard-sanitized-write', 'app://console', { isMainFrame: true })).toBe(true)
    expect(check?.({}, 'clipboard-sanitized-write', '', { isMainFrame: true })).toBe(false)
  })
})
