import { renderToString } from 'react-dom/server'
import { ConsoleTree, createConsoleQueryClient } from './first-screen/console-tree'
import { firstRenderInputs } from './first-screen/first-render-inputs'

/**
 * The build's pre-render of the first screen (scripts/build/first-screen-prerender.ts runs it in a DOM of jsdom): the
 * console's own tree, rendered before any answer from the engine, as a page renders it before its socket opens. The
 * page shows this markup as soon as its HTML and style sheet arrive and hydrates it when its script has run.
 */
export function prerenderFirstScreen(): { html: string; inputs: string } {
  const html = renderToString(<ConsoleTree client={createConsoleQueryClient()} />)
  return { html, inputs: firstRenderInputs() }
}
