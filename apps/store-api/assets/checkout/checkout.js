// Changing the delivery country shows that country's fields at once. Without JavaScript the shopper
// presses "Show fields for this country" instead, so that button is only hidden here.
for (const select of document.querySelectorAll("select[data-refresh-on-change]")) {
  const button = select.form?.querySelector("button[name=action][value=change-country]");
  if (!(button instanceof HTMLButtonElement)) continue;
  button.hidden = true;
  select.addEventListener("change", () => button.click());
}

// The hand-over to a payment provider that takes a posted form (eSewa) goes on by itself; without
// JavaScript the shopper presses its Continue button.
for (const form of document.querySelectorAll("form[data-auto-submit]")) {
  if (form instanceof HTMLFormElement) form.submit();
}

// A payment form's fields are checked by the browser against the provider's patterns before anything is sent:
// a refused form comes back without the card number (it is never written into a page), so a slip in the expiry
// date must not cost it. This shows the provider's message beside the form instead of the browser's bubble.
for (const form of document.querySelectorAll("form")) {
  let reported = false;
  form.addEventListener(
    "invalid",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.dataset.invalidMessage === undefined) return;
      event.preventDefault();
      // Every invalid field fires in turn; the first speaks for the form.
      if (reported) return;
      reported = true;
      setTimeout(() => {
        reported = false;
      });
      showRefusal(form, input, input.dataset.invalidMessage);
    },
    true,
  );
}

/**
 * The section's error line (the server's, or a new one) says what to fix, as an alert; the field points at it
 * and takes the focus.
 */
function showRefusal(form, input, message) {
  let line = form.previousElementSibling;
  if (!(line instanceof HTMLElement) || !line.classList.contains("error")) {
    line = document.createElement("p");
    line.className = "error";
    line.id = `${input.id}-check`;
    form.before(line);
  }
  line.setAttribute("role", "alert");
  line.textContent = message;
  const describedBy = (field) => (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  for (const field of form.querySelectorAll("input")) {
    field.removeAttribute("aria-invalid");
    const others = describedBy(field).filter((id) => id !== line.id);
    if (others.length === 0) field.removeAttribute("aria-describedby");
    else field.setAttribute("aria-describedby", others.join(" "));
  }
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", [...describedBy(input), line.id].join(" "));
  input.focus();
}
