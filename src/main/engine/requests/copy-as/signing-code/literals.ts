/** String literals for the languages of the take-home code, each exact for any input (UTF-8 kept byte for byte). */

/** JavaScript, Python, Go: JSON's escapes are valid in all three (Go and Python sources are UTF-8). */
export function jsonLiteral(text: string): string {
  return JSON.stringify(text)
}

/** Java and C#: ASCII only, everything else as \uXXXX UTF-16 units (valid in both, whatever the source encoding). */
export function asciiLiteral(text: string): string {
  let out = '"'
  for (const ch of text) {
    for (let i = 0; i < ch.length; i++) {
      const c = ch.charCodeAt(i)
      if (c === 0x22) out += '\\"'
      else if (c === 0x5c) out += '\\\\'
      else if (c === 0x0a) out += '\\n'
      else if (c === 0x0d) out += '\\r'
      else if (c === 0x09) out += '\\t'
      else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, '0')}`
      else out += String.fromCharCode(c)
    }
  }
  return `${out}"`
}

/** PHP single-quoted: only \\ and \' are escapes there; newlines are literal. */
export function phpLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** POSIX shell single-quoted. */
export function shellLiteral(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}
