import type { Plugin } from 'vite'

const NON_ASCII = /[\u0080-\u{10ffff}]/u
const EVERY_NON_ASCII = new RegExp(NON_ASCII.source, 'gu')

/**
 * Node holds a module's source as a V8 string: one byte per character when every character is Latin-1, two when one is
 * not. A single `…` or `→` in a 350 KB chunk makes it two-byte, and then Node re-encodes it to UTF-8 to look it up in
 * the compile cache and V8 scans and indexes twice the bytes: ~6 % of the walkthrough's instructions (callgrind, 895 M
 * → 836 M). The build writes `charset: 'ascii'` (strings, regexps and identifiers escaped) and drops JSDoc comments;
 * this plugin escapes what may remain in a legal comment (`/*! … *\/`, kept for its notice) and fails the build,
 * naming the place, on any other non-ASCII character (a raw template string, which escaping would change).
 */
export function asciiOutput(): Plugin {
  return {
    name: 'ascii-output',
    renderChunk(code, chunk) {
      if (!NON_ASCII.test(code)) return null
      const escaped = code.replace(/\/\*![^`]*?\*\//g, comment =>
        comment.replace(EVERY_NON_ASCII, c => `\\u{${c.codePointAt(0)?.toString(16)}}`),
      )
      const left = escaped.search(NON_ASCII)
      if (left >= 0) {
        const line = escaped.slice(0, left).split('\n').length
        throw new Error(
          `${chunk.fileName}:${line} keeps a non-ASCII character the build cannot escape (a raw template string?): write it as an escape in the source.`,
        )
      }
      return { code: escaped, map: null }
    },
  }
}
