// Changing the delivery country shows that country's fields at once; without JavaScript the shopper
// presses "Show fields for this country" instead.
for (const select of document.querySelectorAll("select[data-refresh-on-change]")) {
  select.addEventListener("change", () => {
    const button = select.form?.querySelector("button[name=action][value=change-country]");
    if (button instanceof HTMLButtonElement) button.click();
  });
}
