import type { MenuItemConstructorOptions } from 'electron'

export const PRODUCT_NAME = 'Partner API Console'

/**
 * Whether this run may open DevTools: always in development (`npm start`), and in a packaged app only when started with
 * `--devtools` or PARTNER_CONSOLE_DEVTOOLS=1 (support asking a user for a console log).
 */
export function devToolsAllowed(isPackaged: boolean, argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return !isPackaged || argv.includes('--devtools') || env.PARTNER_CONSOLE_DEVTOOLS === '1'
}

/**
 * The application menu. Edit keeps copy/paste shortcuts working (on macOS they exist only through the menu); View has
 * zoom and full screen. Reload and DevTools are there only when `devTools` is true: in the production build a reload
 * would drop the page's state and DevTools would show secrets in memory to anyone at the keyboard.
 */
export function appMenuTemplate(platform: NodeJS.Platform, devTools: boolean): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
  if (devTools) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' })
  return [
    ...(mac
      ? [
          {
            label: PRODUCT_NAME,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ]
}
