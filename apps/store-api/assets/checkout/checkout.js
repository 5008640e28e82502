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
