import type { SigningCodeFile, SigningCodeLanguage } from '../../../../../shared/contract'
import { nodeCode, pythonCode } from './templates-a'
import { csharpCode, goCode, javaCode, phpCode, shellCode } from './templates-b'
import { signingVectors, vectorFileText } from './test-vectors'

const FILES: Record<SigningCodeLanguage, { fileName: string; label: string; make: typeof nodeCode }> = {
  node: { fileName: 'partner-sign.mjs', label: 'Node', make: nodeCode },
  python: { fileName: 'partner_sign.py', label: 'Python', make: pythonCode },
  java: { fileName: 'PartnerSigner.java', label: 'Java', make: javaCode },
  csharp: { fileName: 'PartnerSigner.cs', label: 'C#', make: csharpCode },
  go: { fileName: 'partnersign.go', label: 'Go', make: goCode },
  php: { fileName: 'partner_sign.php', label: 'PHP', make: phpCode },
  shell: { fileName: 'partner-sign.sh', label: 'Shell (openssl)', make: shellCode },
}

/**
 * docs/api.md#hmac-signature as code to take home: a small signer in each language with the test vectors built in (`--self-test`),
 * and the vector file itself (inputs, canonical string, signature, and what the classic mistakes produce instead).
 * The vectors are computed by the console's signer, so the file and every program agree by construction.
 */
export function signingCodeFiles(language?: SigningCodeLanguage | 'vectors'): SigningCodeFile[] {
  const vectors = signingVectors()
  const files: SigningCodeFile[] = []
  for (const [lang, f] of Object.entries(FILES) as Array<[SigningCodeLanguage, (typeof FILES)[SigningCodeLanguage]]>) {
    if (language === undefined || language === lang)
      files.push({ language: lang, fileName: f.fileName, label: f.label, code: f.make(vectors) })
  }
  if (language === undefined || language === 'vectors') {
    files.push({ language: 'vectors', fileName: 'partner-signing-vectors.json', label: 'Test vectors', code: vectorFileText() })
  }
  return files
}
