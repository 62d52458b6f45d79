import type * as Monaco from 'monaco-editor'
import { useEffect, useRef, useState } from 'react'
import { loadMonaco } from './monaco-loader'

interface CodeEditorProps {
  value: string
  language?: 'json' | 'plaintext' | 'shell'
  readOnly?: boolean
  onChange?: (value: string) => void
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: () => void
  height?: number | string
  label: string
}

/** Monaco, loaded lazily, following the console's theme. Shows a plain <pre> until monaco has loaded. */
export function CodeEditor({ value, language = 'json', readOnly = false, onChange, onSubmit, height = 220, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null)
  const callbacks = useRef({ onChange, onSubmit })
  callbacks.current = { onChange, onSubmit }
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)

  const initial = useRef({ value, language, readOnly, label })
  useEffect(() => {
    const { value, language, readOnly, label } = initial.current
    let disposed = false
    let themeObserver: MutationObserver | null = null
    loadMonaco()
      .then(monaco => {
        if (disposed || !host.current) return
        const theme = () => (document.documentElement.dataset.theme === 'dark' ? 'vs-dark' : 'vs')
        const e = monaco.editor.create(host.current, {
          value,
          language,
          readOnly,
          theme: theme(),
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 12,
          lineNumbersMinChars: 3,
          wordWrap: 'on',
          ariaLabel: label,
          renderWhitespace: 'boundary',
        })
        e.onDidChangeModelContent(() => callbacks.current.onChange?.(e.getValue()))
        e.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => callbacks.current.onSubmit?.())
        themeObserver = new MutationObserver(() => monaco.editor.setTheme(theme()))
        themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
        editor.current = e
        setReady(true)
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)))
    return () => {
      disposed = true
      themeObserver?.disconnect()
      editor.current?.dispose()
      editor.current = null
    }
    // The editor is created once per mount; value and read-only changes are applied below.
  }, [])

  useEffect(() => {
    const e = editor.current
    if (e && e.getValue() !== value) e.setValue(value)
  }, [value])

  useEffect(() => {
    editor.current?.updateOptions({ readOnly })
  }, [readOnly])

  return (
    <div className="code-editor" style={{ height }} data-testid={`editor-${label}`}>
      {!ready ? (
        <pre className="code-editor__fallback" title={label}>
          {failed ? `The editor could not load (${failed}); showing plain text.\n\n${value}` : value}
        </pre>
      ) : null}
      <div ref={host} className="code-editor__host" style={{ display: ready ? 'block' : 'none' }} />
    </div>
  )
}
