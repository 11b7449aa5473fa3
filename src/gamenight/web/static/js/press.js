// A press on a control, at the moment it happens: the pointerdown of a mouse, finger or
// pen (not the click, which fires on release: docs/fairness.md), or the keyboard's
// activation of a focused button (Enter or Space, which the browser turns into a click
// with no pointer before it).  Each press calls `handler` once, with the event whose
// timeStamp is the person's moment.

/**
 * @param {HTMLElement} element
 * @param {(event: Event) => void} handler
 */
export function onPress(element, handler) {
  let pointed = false;
  element.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    if (element instanceof HTMLButtonElement && element.disabled) return;
    pointed = true;
    handler(event);
  });
  element.addEventListener("click", (event) => {
    if (pointed) {
      pointed = false; // the release of a press already handled
      return;
    }
    handler(event);
  });
}
