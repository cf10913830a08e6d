// Small behaviours of the league pages, kept out of the templates so the
// Content-Security-Policy can forbid inline scripts (script-src 'self').
//   <button data-print>             prints the page
//   <select data-autosubmit>        submits its form when changed
//   <input data-denomination="0.50"> a count of notes or coins: the form's <output data-denomination-sum>
//                                   shows their sum in the page's language as they are typed
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
document.addEventListener("input", function (event) {
  var field = event.target.closest("[data-denomination]");
  var output = field && field.form && field.form.querySelector("[data-denomination-sum]");
  if (!output) {
    return;
  }
  var cents = 0;
  field.form.querySelectorAll("[data-denomination]").forEach(function (input) {
    var typed = input.value.trim();
    if (/^[0-9]{1,6}$/.test(typed)) {  // anything else counts nothing here; the server names the mistake
      cents += parseInt(typed, 10) * Math.round(parseFloat(input.getAttribute("data-denomination")) * 100);
    }
  });
  var language = document.documentElement.lang || "de";
  output.textContent = new Intl.NumberFormat(language, {style: "currency", currency: output.getAttribute("data-currency") || "EUR"})
    .format(cents / 100);
});
