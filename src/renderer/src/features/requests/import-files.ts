/** The files chosen for "Import…", sorted by what they are: a console collection, a Postman collection, its environment. */
interface ChosenImport {
  console: string[]
  postman: string | null
  postmanEnvironment: string | null
}

/** Tells the chosen files apart by their content (a Postman collection names its schema; an environment has `values`). */
export function sortImportFiles(texts: string[]): ChosenImport {
  const out: ChosenImport = { console: [], postman: null, postmanEnvironment: null }
  for (const text of texts) {
    let doc: { info?: { schema?: unknown }; values?: unknown } | null = null
    try {
      doc = JSON.parse(text)
    } catch {
      doc = null
    }
    if (doc && typeof doc.info?.schema === 'string' && doc.info.schema.includes('getpostman.com')) out.postman = text
    else if (doc && Array.isArray(doc.values) && !('format' in doc)) out.postmanEnvironment = text
    else out.console.push(text)
  }
  return out
}
