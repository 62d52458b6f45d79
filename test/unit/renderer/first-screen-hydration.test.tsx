// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleTree, createConsoleQueryClient } from '../../../src/renderer/src/first-screen/console-tree'
import { firstRenderInputs } from '../../../src/renderer/src/first-screen/first-render-inputs'
import { prerenderFirstScreen } from '../../../src/renderer/src/prerender'

// jsdom has no matchMedia (the theme follows it once mounted); React's act() wants to be told it runs in a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList

// Each test unmounts what it mounted and drops its query cache, inside act(): React's scheduler must have no work left
// when the file ends, or it runs after jsdom's window is gone ("window is not defined", an uncaught error of the run).
const cleanups: Array<() => void> = []
afterEach(async () => {
  await act(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  })
  document.body.replaceChildren()
})

describe('the pre-rendered first screen', () => {
  it('is the markup the page renders itself: React adopts it without a mismatch, and every attribute stays', async () => {
    const { html, inputs } = prerenderFirstScreen()
    expect(html).toContain('Overview')
    const root = document.createElement('div')
    root.innerHTML = html
    document.body.append(root)
    const heading = [...root.querySelectorAll('h1, h2')].find(h => h.textContent === 'Overview')
    expect(heading).toBeDefined()
    const errors: unknown[] = []
    const consoleErrors = vi.spyOn(console, 'error')
    expect(firstRenderInputs()).toBe(inputs)
    // Another window than the build's (jsdom's 1024×768), tall enough for the drawer: the same markup all the same.
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true })
    Object.defineProperty(window, 'innerWidth', { value: 1600, configurable: true })
    const client = createConsoleQueryClient()
    await act(async () => {
      const mounted = hydrateRoot(root, <ConsoleTree client={client} />, { onRecoverableError: e => errors.push(e) })
      cleanups.push(
        () => mounted.unmount(),
        () => client.clear(),
      )
    })
    expect(errors).toEqual([])
    expect(consoleErrors.mock.calls.map(c => String(c[0]).slice(0, 400))).toEqual([])
    // Adopted, not rebuilt: the heading the HTML brought is the one on screen.
    expect(heading?.isConnected).toBe(true)
  })
})
