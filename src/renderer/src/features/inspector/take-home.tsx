import { useState } from 'react'
import type { SigningCodeFile } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { ErrorBox } from '../../ui/error-box'
import { useSigningCode } from './use-signing-code'

function download(file: SigningCodeFile): void {
  const url = URL.createObjectURL(new Blob([file.code], { type: 'text/plain;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = file.fileName
  a.click()
  URL.revokeObjectURL(url)
}

/**
 * Signing code to take home: docs/api.md#hmac-signature in Node, Python, Java, C#, Go, PHP and shell, each with the test vectors built
 * in (`--self-test`), and the vector file itself (the inspector's cases and what the explainer's classic mistakes
 * produce instead). For partners whose own signer disagrees with the server.
 */
export function TakeHome() {
  const files = useSigningCode()
  const [chosen, setChosen] = useState('node')
  const list = files.data?.files ?? []
  const file = list.find(f => f.language === chosen) ?? list[0]
  return (
    <details className="take-home">
      <summary>Signing code to take home (Node, Python, Java, C#, Go, PHP, shell) and test vectors</summary>
      <ErrorBox error={files.error} title="The signing code is unavailable." />
      <div className="take-home__tabs" role="tablist" aria-label="Signing code language">
        {list.map(f => (
          <button
            key={f.language}
            type="button"
            role="tab"
            aria-selected={f === file}
            className={`tab${f === file ? ' tab--active' : ''}`}
            onClick={() => setChosen(f.language)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {file ? (
        <>
          <div className="take-home__bar">
            <span className="mono">{file.fileName}</span>
            <CopyButton text={file.code} />
            <button type="button" className="btn btn--small" onClick={() => download(file)}>
              Download
            </button>
            <span className="lead">
              {file.language === 'vectors'
                ? 'Every correct signer gives these signatures; the mistakes list what buggy ones give instead.'
                : 'Run it with --self-test: it checks itself against the vectors.'}
            </span>
          </div>
          <pre className="take-home__code mono" data-testid="take-home-code">
            {file.code}
          </pre>
        </>
      ) : null}
    </details>
  )
}
