import type * as Monaco from './monaco-editor-entry'

let loading: Promise<typeof Monaco> | null = null

/**
 * Loads monaco on first use only (it is most of the renderer's weight), with its workers bundled locally: no CDN,
 * which the CSP would refuse anyway. Every worker label monaco may ask for is mapped (json to its own worker, the
 * rest to the generic editor worker: the console only ever opens JSON and plain text models).
 */
export function loadMonaco(): Promise<typeof Monaco> {
  loading ??= (async () => {
    const [monaco, editorWorker, jsonWorker] = await Promise.all([
      import('./monaco-editor-entry'),
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/languages/features/json/json.worker?worker'),
    ])
    self.MonacoEnvironment = {
      getWorker(_id: string, label: string) {
        if (label === 'json') return new jsonWorker.default()
        return new editorWorker.default()
      },
    }
    return monaco
  })()
  return loading
}
