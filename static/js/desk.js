// After a registration the search starts over, ready for the next player in the queue.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt;
  if (!event.detail.successful || !form.closest || !form.closest("#search-results, #entries")) return;
  const search = document.getElementById("q");
  if (search && form.closest("#search-results")) {
    search.value = "";
    search.focus();
  }
});
