// Small DOM helpers shared by the viewer's modules.

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id)
  if (!e) throw new Error(`viewer: no element #${id}`)
  return e as T
}

export const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

/** The status line under the header: an error is a banner (dark red on pale pink, ~8:1) until the next status. */
export function setStatus(text: string, error = false): void {
  const el = $('status')
  el.textContent = text
  el.className = error ? 'error' : ''
  el.setAttribute('role', error ? 'alert' : 'status')
}

/** Scrolls `box` (a scrolling list) so that `item` is in view, centred when it was out of view.
 *  Positions come from the layout boxes, so they hold whatever the list's offsetParent is. */
export function scrollIntoBox(box: HTMLElement, item: HTMLElement): void {
  const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop
  const bottom = top + item.offsetHeight
  if (top >= box.scrollTop && bottom <= box.scrollTop + box.clientHeight) return
  // an entry taller than the box shows its start (the decision) and as many of its events as fit
  box.scrollTop = Math.max(0, item.offsetHeight >= box.clientHeight ? top : top - (box.clientHeight - item.offsetHeight) / 2)
}
