// Small behaviours of the league pages, kept out of the templates so the
// Content-Security-Policy can forbid inline scripts (script-src 'self').
//   <button data-print>             prints the page
//   <select data-autosubmit>        submits its form when changed
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-print]");
  if (button) {
    event.preventDefault();
    window.print();
  }
});
document.addEventListener("change", function (event) {
  var field = event.target.closest("[data-autosubmit]");
  if (field && field.form) {
    field.form.requestSubmit ? field.form.requestSubmit() : field.form.submit();
  }
});
