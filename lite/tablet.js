// fifteen-kit on a tablet or a narrow screen (issue 36): the JupyterLite site opens with the file browser closed,
// so a lesson gets the whole width.  JupyterLab has no setting for this (it opens the file browser on every fresh
// start in its multiple-document mode, and again as it opens the lesson), so this script, put in the app's page by
// lite/build.py, keeps the left sidebar closed while the app starts: until the pupil first touches, clicks or types
// anything, every time the layout changes with the sidebar open, it is closed.  Only when the screen is narrower
// than 1100 CSS px or touch-first; afterwards the pupil opens and closes it as usual, and it closes again when a
// document is brought to the front.
(function () {
  const narrow = window.matchMedia("(max-width: 1099px), (pointer: coarse)");
  if (!narrow.matches) return;
  let touched = false;
  for (const kind of ["pointerdown", "keydown"]) {
    window.addEventListener(kind, () => { touched = true; }, { capture: true, once: true });
  }
  const started = Date.now();
  const close = (shell) => { if (!touched && !shell.leftCollapsed) shell.collapseLeft(); };
  const wait = () => {
    const app = window.jupyterapp;
    if (app && app.shell && app.restored) {
      app.restored.then(() => {
        close(app.shell);
        app.shell.layoutModified.connect(() => close(app.shell));
        // a lesson opened from the file browser (one tap: singleClickNavigation in binder/overrides.json) gets
        // the whole width too: the sidebar closes as the document comes to the front
        app.shell.currentChanged.connect((shell, change) => {
          if (change.newValue && !shell.leftCollapsed) shell.collapseLeft();
        });
      });
    } else if (Date.now() - started < 120000) {
      setTimeout(wait, 100);
    }
  };
  wait();
})();

// A tap on a menu item (Run ▸ Run All Cells) does nothing in JupyterLab on a touch screen: Lumino's menus run the
// item made active by the last pointer move when the pointer goes up, and a finger sends no move before it lifts
// (the menu stays open, nothing runs).  So a finger's touch on a menu item is followed by the move a mouse would
// have made to that place; the finger's own pointerup then runs the item.  A mouse's events are left alone.
document.addEventListener("pointerdown", (event) => {
  if (event.pointerType === "mouse" || !(event.target instanceof Element)) return;
  const item = event.target.closest(".lm-Menu-item");
  if (!item) return;
  item.dispatchEvent(new PointerEvent("pointermove", {
    bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY,
    pointerId: event.pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary }));
}, true);
