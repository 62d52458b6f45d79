import { app, type BrowserWindow, dialog, type WebContents } from 'electron'
import { PRODUCT_NAME } from './app-menu'

/** How long quitting waits for the runtime to flush and close before it quits anyway. */
const QUIT_FLUSH_MS = 5_000

/**
 * One desktop app per user profile: Electron's single-instance lock. The first instance keeps running and, when a
 * second launch happens, `focus` brings its window forward; the second instance learns it is second and quits.
 */
export function claimSingleInstance(focus: () => void): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', () => focus())
  return true
}

/** Brings a window to the front, restoring it when minimised. */
export function focusWindow(win: BrowserWindow | null | undefined): void {
  if (!win || win.isDestroyed()) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

/** The words of a start-up failure: its message and, for a ConsoleError, what to do. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const hint = (error as { hint?: unknown }).hint
  return typeof hint === 'string' && hint ? `${error.message}\n\n${hint}` : error.message
}

/**
 * A start-up failure is shown, not swallowed: an error dialog with the cause, then the process exits non-zero
 * (instead of staying alive with no window). `cleanup` (closing what did start) is awaited first, bounded.
 */
export async function failStartup(error: unknown, cleanup?: () => Promise<void>): Promise<never> {
  console.error(`${PRODUCT_NAME} could not start: ${failureText(error)}`)
  if (cleanup) await withinBound(cleanup(), QUIT_FLUSH_MS)
  dialog.showErrorBox(`${PRODUCT_NAME} could not start`, failureText(error))
  app.exit(1)
  // app.exit ends the process; this only satisfies the type.
  return new Promise<never>(() => {})
}

/**
 * A window page that did not load, as a start-up failure saying what to do; null when the load was only aborted
 * (ERR_ABORTED: another navigation replaced it), which leaves the window working. A blank window with no word is the
 * one outcome this rules out.
 */
export function pageLoadFailure(error: unknown, url: string, devServer: boolean): (Error & { hint: string }) | null {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined
  if (code === 'ERR_ABORTED') return null
  const cause = code ?? (error instanceof Error ? error.message : String(error))
  const failure = new Error(`The console's window could not load its page ${url} (${cause}).`, { cause: error })
  const hint = devServer
    ? 'The development server (ELECTRON_RENDERER_URL) is not answering: start the console with `npm start`, which runs it.'
    : 'The installed files are incomplete or damaged: install the console again from its package.'
  return Object.assign(failure, { hint })
}

/** Resolves when `work` settles or `ms` pass, whichever is first; says which. */
export async function withinBound(work: Promise<unknown>, ms: number): Promise<'done' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timed-out'>(resolve => {
    timer = setTimeout(() => resolve('timed-out'), ms)
  })
  try {
    return await Promise.race([
      work.then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Quitting waits for `close` (the runtime flushing the vault and closing the sandbox, catchers and servers), at most
 * `boundMs`; then the app quits for real. A second quit request while waiting does not start a second close.
 */
export function quitAfterClose(close: () => Promise<void>, boundMs = QUIT_FLUSH_MS): void {
  let state: 'running' | 'closing' | 'closed' = 'running'
  app.on('before-quit', event => {
    if (state === 'closed') return
    event.preventDefault()
    if (state === 'closing') return
    state = 'closing'
    void withinBound(close(), boundMs).then(outcome => {
      if (outcome === 'timed-out') console.error(`Quitting without a clean shutdown: it took longer than ${boundMs} ms.`)
      state = 'closed'
      app.quit()
    })
  })
}

/**
 * When the renderer process dies (a crash, killed, out of memory), the window would stay blank: say what happened and
 * offer to reload the page (the engine and its state live in the main process and are intact), or to quit.
 */
export function offerReloadOnCrash(contents: WebContents, parent: () => BrowserWindow | null): void {
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return
    const win = parent()
    const options = {
      type: 'error' as const,
      title: PRODUCT_NAME,
      message: 'The console’s page stopped working.',
      detail:
        `Its process ended (${details.reason}${details.exitCode ? `, exit code ${details.exitCode}` : ''}). ` +
        'Environments, tokens and the network log are kept: reloading the page shows them again.',
      buttons: ['Reload', 'Quit'],
      defaultId: 0,
      cancelId: 1,
      noLink: true,
    }
    void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)).then(({ response }) => {
      if (response === 0 && !contents.isDestroyed()) contents.reload()
      else app.quit()
    })
  })
}
