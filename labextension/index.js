// fifteen-kit on a tablet or a narrow screen (issue 36), for every JupyterLab the kit installs: Binder, make lab,
// the school hub and the JupyterLite site (one copy: this plugin, built by `make labextension` into
// share/jupyter/labextensions/fifteen-kit-tablet/, built files committed so nobody needs Node).
//
// 1. The file browser starts closed, so a lesson gets the whole width.  JupyterLab has no setting for this (it
//    opens the file browser on every fresh start in its multiple-document mode, and again as it opens the
//    lesson), so until the pupil first touches, clicks or types anything, every time the layout changes with the
//    left sidebar open, it is closed.  Only when the screen is narrower than 1100 CSS px or touch-first;
//    afterwards the pupil opens and closes it as usual, and it closes again when a document comes to the front
//    (a lesson opened from the file browser with one tap, singleClickNavigation in binder/overrides.json).
// 2. A tap on a menu item (Run > Run All Cells) runs it.  Lumino's menus run the item made active by the last
//    pointer move when the pointer goes up, and a finger sends no move before it lifts (the menu stays open,
//    nothing runs).  So a finger's touch on a menu item is followed by the move a mouse would have made to that
//    place; the finger's own pointerup then runs the item.  A mouse's events are left alone.

const NARROW = "(max-width: 1099px), (pointer: coarse)";

function closeFileBrowserAtStart(app) {
  const shell = app.shell;
  // JupyterLab's shell (LabShell) only: Notebook 7's and Voila's pages have shells of their own, left as they are
  if (!shell || typeof shell.collapseLeft !== "function" || !shell.layoutModified || !shell.currentChanged ||
      !app.restored) return;
  let touched = false;
  for (const kind of ["pointerdown", "keydown"]) {
    window.addEventListener(kind, () => { touched = true; }, { capture: true, once: true });
  }
  const close = () => { if (!touched && !shell.leftCollapsed) shell.collapseLeft(); };
  app.restored.then(() => {
    close();
    shell.layoutModified.connect(close);
    shell.currentChanged.connect((_, change) => {
      if (change.newValue && !shell.leftCollapsed) shell.collapseLeft();
    });
  });
}

function menusAnswerATap() {
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || !(event.target instanceof Element)) return;
    const item = event.target.closest(".lm-Menu-item");
    if (!item) return;
    item.dispatchEvent(new PointerEvent("pointermove", {
      bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY,
      pointerId: event.pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary }));
  }, true);
}

const plugin = {
  id: "fifteen-kit-tablet:plugin",
  description: "The file browser closed at start on a narrow or touch screen; menu items that answer a tap.",
  autoStart: true,
  activate: (app) => {
    if (window.matchMedia(NARROW).matches) closeFileBrowserAtStart(app);
    menusAnswerATap();
  },
};

export default plugin;
