// The drawer of a narrow screen: there the players and the log fold away behind a
// button in the header, so that the table gets the whole screen (app.css decides where
// the screen is narrow; on a wide one the button is not shown and the drawer is the
// column beside the table).  A disclosure: the button says whether the drawer is open
// (aria-expanded); opening it moves the focus to its Close button, and Close, Escape or
// a tap beside its panel close it and give the focus back to the button.

export class Drawer {
  /**
   * @param {HTMLButtonElement} button  the header's button that opens and closes it
   * @param {HTMLElement} drawer        what it shows (the button's aria-controls)
   * @param {HTMLButtonElement} close   the drawer's own Close button
   * @param {() => void} [opened]       called once it is open and drawn (to scroll its log)
   */
  constructor(button, drawer, close, opened) {
    this.button = button;
    this.drawer = drawer;
    this.close = close;
    this.opened = opened;
    button.addEventListener("click", () => this.toggle(!this.isOpen()));
    close.addEventListener("click", () => this.toggle(false));
    drawer.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.isOpen()) return;
      event.stopPropagation(); // the table's keys (keys.js) do not see it
      this.toggle(false);
    });
    // The dimmed screen beside the panel is part of the drawer: a tap there closes it
    // (and reaches nothing under it, so nothing on the table is pressed by mistake).
    drawer.addEventListener("click", (event) => {
      if (event.target === drawer && this.isOpen()) this.toggle(false);
    });
  }

  isOpen() {
    return this.button.getAttribute("aria-expanded") === "true";
  }

  /** @param {boolean} open */
  toggle(open) {
    const was = this.isOpen();
    this.button.setAttribute("aria-expanded", String(open));
    this.drawer.classList.toggle("open", open);
    if (open && !was) {
      this.close.focus();
      this.opened?.();
    } else if (!open && was) {
      this.button.focus();
    }
  }

  /**
   * Shows the header's button while there is something to open (the game's seats and
   * log); without it, the drawer closes.
   * @param {boolean} shown
   */
  available(shown) {
    if (!shown && this.isOpen()) this.toggle(false);
    this.button.hidden = !shown;
  }
}
