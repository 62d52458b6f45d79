/**
 * The forms in which a secret value travels in text: as itself; JSON-escaped (standard, with `\/` for `/` as PHP
 * writes it, and with non-ASCII as `\uXXXX`); percent-encoded (encodeURIComponent, form encoding with `+`, lower-case
 * hex); base64 and base64url of its UTF-8 bytes (padded and not). Redaction looks for every one of them, so a secret
 * echoed by a server in any of these shapes is still found.
 */
export function secretForms(value: string): string[] {
  const forms = new Set<string>([value])
  const json = JSON.stringify(value).slice(1, -1)
  const ascii = json.replace(/[\u007f-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  for (const j of [json, ascii]) {
    forms.add(j)
    forms.add(j.replaceAll('/', '\\/'))
    forms.add(j.replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => `\\u${hex.toUpperCase()}`))
  }
  const percent = encodeURIComponent(wellFormed(value))
  const strict = percent.replace(/[!'()*]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  for (const p of [percent, strict, new URLSearchParams({ v: value }).toString().slice(2), percent.replace(/%20/g, '+')]) {
    forms.add(p)
    forms.add(p.replace(/%[0-9A-F]{2}/g, h => h.toLowerCase()))
  }
  const base64 = Buffer.from(value, 'utf8').toString('base64')
  forms.add(base64)
  forms.add(base64.replace(/=+$/, ''))
  forms.add(Buffer.from(value, 'utf8').toString('base64url'))
  return [...forms]
}

/** Lone surrogates become U+FFFD, as every encoder (URLSearchParams, Buffer) does. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}
