import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import react from '@vitejs/plugin-react'
import { build, type IndexHtmlTransformContext, type Plugin } from 'vite'

/** The placeholder of src/renderer/index.html that the pre-rendered first screen replaces. */
export const BOOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/

/** The pre-rendered screen and the inputs it was rendered from (src/renderer/src/prerender.tsx). */
export interface FirstScreen {
  html: string
  inputs: string
}

/** Text for a double-quoted HTML attribute. */
export function attributeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** index.html with the pre-rendered screen in #root, and the inputs it was rendered from on it (data-first-render). */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  if (!BOOT_PLACEHOLDER.test(html)) throw new Error('index.html has no <div id="root">…</div> placeholder to put the first screen in.')
  return html.replace(BOOT_PLACEHOLDER, () => `<div id="root" data-first-render="${attributeText(screen.inputs)}">${screen.html}</div>`)
}

/**
 * The first screen pre-rendered into the built index.html, so a browser shows it as soon as the HTML and the style
 * sheet arrive instead of after the first-screen script (~300 KB) has streamed in, compiled, run and rendered: on a
 * loaded 2-core machine that was most of the time from a cold start to the Overview heading (bench/first-screen-cold.ts).
 * The page then hydrates the markup (main.tsx), or renders afresh when its first render's inputs differ.
 *
 * The renderer's own prerender.tsx is built for Node (vite's SSR build) and run in a worker thread with a DOM of
 * jsdom as its globals (the console's modules read `window` and `location` when they load); the worker is ended once
 * it has answered, so nothing the page code started (its bridge's timers) outlives the build.
 */
export function firstScreenPrerender(): Plugin {
  let rendererRoot = ''
  return {
    name: 'first-screen-prerender',
    apply: 'build',
    configResolved(config) {
      rendererRoot = config.root
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        return withFirstScreen(withStyleInline(html, context), await prerender(rendererRoot))
      },
    },
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g

/**
 * The first screen's style sheet in the HTML itself (a <style> element) instead of a file the page must ask for:
 * a style sheet blocks the first paint, and the web host answers it only after the HTML, beside the ~300 KB script
 * (the page's CSP allows inline styles; the sheet has no url() to resolve against assets/). Sheets of lazily loaded
 * chunks stay files.
 *
 * The file stays too, named by a `disabled` link after the <style>: a browser does not fetch a disabled style sheet,
 * and Vite's loader of lazy chunks, which lists this sheet among the files some chunks need, sees it on the page and
 * does not load it a second time (it would fail without the file, and with it the same rules would come again after
 * the lazy chunks' own, winning where they should lose).
 */
function withStyleInline(html: string, context: IndexHtmlTransformContext): string {
  const bundle = context.bundle
  if (!bundle) return html
  return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const asset = bundle[fileName]
    if (asset?.type !== 'asset') return link
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
    if (/<\/style|url\(/i.test(css)) return link
    return `<style>${css}</style><link rel="stylesheet" href="./${fileName}" disabled>`
  })
}

async function prerender(rendererRoot: string): Promise<FirstScreen> {
  const outDir = mkdtempSync(join(rendererRoot, '..', '..', 'node_modules', '.partner-console-prerender-'))
  try {
    await build({
      configFile: false,
      root: rendererRoot,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: 'src/prerender.tsx',
        outDir,
        emptyOutDir: true,
        minify: false,
        rolldownOptions: { output: { format: 'esm', entryFileNames: 'prerender.mjs' } },
      },
    })
    return await runInDom(join(outDir, 'prerender.mjs'))
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/** The worker: jsdom's window as the globals the console's modules read, then prerenderFirstScreen(). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const { JSDOM } = await import(workerData.jsdom)
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://127.0.0.1/' })
  for (const name of ['window', 'document', 'location', 'localStorage', 'sessionStorage', 'HTMLElement', 'Node']) {
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true })
  }
  const { prerenderFirstScreen } = await import(workerData.entry)
  parentPort.postMessage({ ok: true, screen: prerenderFirstScreen() })
})().catch(error => parentPort.postMessage({ ok: false, error: String(error && error.stack || error) }))
`

async function runInDom(entry: string): Promise<FirstScreen> {
  const jsdom = pathToFileURL(createRequire(import.meta.url).resolve('jsdom')).href
  const worker = new Worker(WORKER, { eval: true, workerData: { entry: pathToFileURL(entry).href, jsdom } })
  try {
    const answer = await new Promise<{ ok: boolean; screen?: FirstScreen; error?: string }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', code => reject(new Error(`The first screen's pre-render stopped (exit ${code}) before it answered.`)))
    })
    if (!answer.ok || !answer.screen) throw new Error(`The first screen could not be pre-rendered: ${answer.error}`)
    return answer.screen
  } finally {
    await worker.terminate()
  }
}
