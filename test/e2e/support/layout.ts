import type { Page } from '@playwright/test'

/** What a person sees of the page's scrolling, measured in the browser (CSS px). */
export interface LayoutFacts {
  /** How far the document itself scrolls (a page scrollbar beside the frame's own): 0 when it fits. */
  documentOverflow: { x: number; y: number }
  /** How far the main panel scrolls sideways. */
  mainSideways: number
  /** How far the sidebar scrolls down (its own scrollbar next to the main panel's). */
  sidebarOverflow: number
  /**
   * Scroll containers inside the main panel, shown with a vertical scrollbar, that are nearly as tall as the panel:
   * the page's content shown with a second scrollbar beside (or inside) the panel's own.
   */
  nestedPageScrollers: string[]
  /** Elements inside the main panel (Monaco editors aside) that scroll sideways, with how far. */
  sidewaysInMain: string[]
}

// Runs in the page (the test project has no DOM types, so the probe is written as the page's own script).
const LAYOUT_PROBE = `(() => {
  const scroller = document.scrollingElement || document.documentElement
  const main = document.querySelector('main')
  const sidebar = document.querySelector('.sidebar')
  const nested = []
  const sideways = []
  for (const el of main.querySelectorAll('*')) {
    if (el.closest('.monaco-editor')) continue
    const style = getComputedStyle(el)
    const scrollsY = (style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight + 1
    if (scrollsY && el.clientHeight >= main.clientHeight * 0.9) nested.push(el.tagName.toLowerCase() + '.' + el.className)
    const scrollsX = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1
    if (scrollsX) sideways.push(el.tagName.toLowerCase() + '.' + el.className + ' by ' + (el.scrollWidth - el.clientWidth) + ' px')
  }
  return {
    documentOverflow: { x: scroller.scrollWidth - scroller.clientWidth, y: scroller.scrollHeight - scroller.clientHeight },
    mainSideways: main.scrollWidth - main.clientWidth,
    sidebarOverflow: sidebar ? sidebar.scrollHeight - sidebar.clientHeight : 0,
    nestedPageScrollers: nested,
    sidewaysInMain: sideways,
  }
})()`

/** Measures the page's scroll containers as they are now (see LayoutFacts). */
export function layoutFacts(page: Page): Promise<LayoutFacts> {
  return page.evaluate<LayoutFacts>(LAYOUT_PROBE)
}

const STEPPER_PROBE = `(() => {
  const list = document.querySelector('ol[aria-label="Consent steps"]')
  const box = list.getBoundingClientRect()
  const cut = []
  for (const step of list.querySelectorAll('li')) {
    const r = step.getBoundingClientRect()
    const outside = r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1
    const parts = [...step.querySelectorAll('.stepper__text, .stepper__title, .stepper__hint')]
    const clipped = parts.some(p => p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1)
    if (outside || clipped || step.scrollWidth > step.clientWidth + 1) cut.push(step.innerText.replace(/\\s+/g, ' ').trim())
  }
  return cut
})()`

/** The consent stepper's steps whose words do not show whole (cut by their box or the stepper's). */
export function cutStepperText(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(STEPPER_PROBE)
}
