import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { buyResin, openOrderOf, placeOrderDirectly, signInToBackOffice } from "./support/back-office";
import { nepalShopper } from "./support/checkout";
import { expect, failedResource, test } from "./support/fixtures";
import { emailsTo, readable } from "./support/outbox";

// The back office asks the API who is signed in (401 before sign-in): Chromium logs it as a failed resource.
test.use({ allowConsoleErrors: failedResource });

/** The shopper's email whose text contains `words`, once the outbox has it. */
async function emailWith(address: string, words: string): Promise<string> {
  await expect
    .poll(() => emailsTo(address).some((email) => readable(email).includes(words)), { timeout: 15_000 })
    .toBe(true);
  return readable(emailsTo(address).find((email) => readable(email).includes(words)) ?? "");
}

/** Units of a variant the storefront can sell now. */
async function availableUnits(variantId: string): Promise<number> {
  const response = await fetch(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}/variants?fields=inventory_quantity`);
  const body = (await response.json()) as { variants: { id: string; inventory_quantity: number }[] };
  return body.variants.find((variant) => variant.id === variantId)?.inventory_quantity ?? -1;
}

/** Marks the open order shipped with a carrier and tracking number. */
async function ship(page: Page, trackingNumber: string): Promise<void> {
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const shipment = page.getByRole("form", { name: "Shipment" });
  await shipment.getByLabel("Carrier").fill("Nepal Post");
  await shipment.getByLabel("Tracking number").fill(trackingNumber);
  await shipment.getByRole("button", { name: "Confirm shipment and email the shopper" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Shipped");
}

/** Records the open order's only refund still to make as made by hand. */
async function recordRefundMade(page: Page, note: string): Promise<void> {
  const refund = page.getByTestId("refund").filter({ hasText: "To make by hand" });
  await refund.getByRole("button", { name: "Record refund made" }).click();
  const form = refund.getByRole("form", { name: "Record refund made" });
  await form.getByLabel("How it was made").fill(note);
  await expectNoAxeViolations(page, "order with the form recording a refund");
  await form.getByRole("button", { name: "Save the refund as made" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Refund recorded as made" })).toBeVisible();
}

test("records a refund made by hand for a cancelled card order, and the shopper is told twice", async ({ page }) => {
  // A purchase on the storefront, then many steps in the back office, each page checked by axe.
  test.slow();
  const shopper = nepalShopper("Kathmandu");
  const number = await buyResin(page, "20 g", shopper);
  await signInToBackOffice(page);
  await openOrderOf(page, shopper.email, number);
  const total = (await page.getByTestId("order-total").textContent()) ?? "";

  await page.getByRole("button", { name: "Cancel order" }).click();
  const cancellation = page.getByRole("form", { name: "Cancellation" });
  await expect(cancellation).toContainText(
    `The payment of ${total} is then recorded as a refund to make: you refund it by hand and record it here.`,
  );
  await cancellation.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refund to make");
  await expect(page.getByText("Nothing left to do for this order but its refund: see Refunds.")).toBeVisible();

  // The overview counts it, and its link lists the orders with a refund to make.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Overview" }).click();
  const owed = page.getByRole("region", { name: "Refunds owed" });
  await owed.getByRole("link", { name: /with a refund to make$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?paymentStatus=refund_due$/);
  await expect(page.getByLabel("Payment status")).toHaveValue("refund_due");
  await page.getByRole("link", { name: number }).click();

  const refunds = page.getByRole("region", { name: "Refunds" });
  // The whole payment is owed back: the figures say so, as the Payment section does, and nothing beside it
  // claims there is nothing left to refund.
  await expect(refunds.getByTestId("refund-figures")).toHaveText(`Taken${total}RefundedRs. 0.00To make${total}`);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText(`To make: ${total}`);
  const refund = refunds.getByTestId("refund");
  await expect(refund).toContainText(`Cancellation: ${total}`);
  await expect(refund).toContainText("By hand");
  await expectNoAxeViolations(page, "order with a refund to make");
  await recordRefundMade(page, "Bank transfer, reference NB-7781");

  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(refund).toContainText("Refund: Refunded");
  await expect(refund).toContainText("Bank transfer, reference NB-7781");
  await expect(page.getByTestId("order-history")).toContainText(
    `Refund of ${total} recorded as made: Bank transfer, reference NB-7781`,
  );
  await expect(page.getByText("Nothing left to do for this order.")).toBeVisible();
  await expect(refunds.getByTestId("refund-figures")).toHaveText(`Taken${total}Refunded${total}`);
  await expectNoAxeViolations(page, "order refunded by hand");

  expect(await emailWith(shopper.email, "has been cancelled")).toContain(
    `We will refund your payment of ${total}; you will hear from us when it is done.`,
  );
  expect(await emailWith(shopper.email, `Your refund for order ${number}`)).toContain(
    `We have refunded ${total} for order ${number}.`,
  );
});

test("takes back one of two units of a delivered order, restocks it and refunds part of the payment", async ({
  page,
}) => {
  test.slow();
  const before = await availableUnits("var_value_2x20");
  const shopper = nepalShopper("Pokhara");
  const number = await placeOrderDirectly(shopper, {
    items: [{ variant_id: "var_value_2x20", quantity: 2 }],
    payment: "sandbox",
  });
  expect(await availableUnits("var_value_2x20")).toBe(before - 2);
  await signInToBackOffice(page);
  await openOrderOf(page, shopper.email, number);
  await ship(page, "RR300000001NP");
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Delivered");

  await page.getByRole("button", { name: "Take a return or refund" }).click();
  const form = page.getByRole("form", { name: "Return or refund" });
  await expect(form).toContainText("Can still be refunded");
  const units = form.getByLabel(/^Units back \(up to 2\)/);
  await expect(units).toHaveValue("0");
  await expect(form.getByLabel("Put the returned units back in stock")).toBeChecked();
  await units.fill("1");
  // The refund follows the units chosen: one pack at Rs. 3990.00.
  await expect(form.getByLabel("Refund amount (NPR)")).toHaveValue("3990.00");
  const summary = form.getByTestId("return-summary");
  await expect(summary).toContainText("1 unit comes back and goes back in stock.");
  await expect(summary).toContainText(
    "You will refund Rs. 3990.00 by hand (bank transfer, cash or the provider's dashboard), then record it under Refunds.",
  );
  await form.getByLabel("Reason (optional, kept in the history)").fill("Seal broken on arrival");
  await expectNoAxeViolations(page, "order with the return form");
  await form.getByRole("button", { name: "Confirm and email the shopper" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Return recorded" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Refund to make");
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Delivered");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("1 came back");
  await expect(page.getByTestId("order-history")).toContainText(
    "Return of 1 unit taken (Seal broken on arrival); 1 back in stock; refund of Rs. 3990.00",
  );
  await recordRefundMade(page, "Cash handed back at the shop");
  await expect(page.getByTestId("payment-status")).toHaveText("Partly refunded");
  await expect(page.getByTestId("refund")).toContainText("Return: Rs. 3990.00Refund: Refunded");

  // The unit is back on the shelf: the storefront can sell it, and the stock history says why.
  await expect.poll(() => availableUnits("var_value_2x20"), { timeout: 5_000 }).toBe(before - 1);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Stock" }).click();
  await expect(
    page
      .getByTestId("stock-history")
      .getByRole("listitem")
      .filter({ hasText: `Order ${number} returned` }),
  ).toContainText("+1 Shilajit Value Pack (2 × 20 g)");

  const returned = await emailWith(shopper.email, `Your return for order ${number}`);
  expect(returned).toContain("1 × Shilajit Value Pack (2 × 20 g)");
  expect(returned).toContain("We will refund your payment of Rs. 3990.00");
  expect(await emailWith(shopper.email, `Your refund for order ${number}`)).toContain("We have refunded Rs. 3990.00");
});

test("corrects a wrong tracking number, and the shopper is emailed the new one; a delivery marked by mistake is undone", async ({
  page,
}) => {
  test.slow();
  const shopper = nepalShopper("Kathmandu");
  const number = await placeOrderDirectly(shopper);
  await signInToBackOffice(page);
  await openOrderOf(page, shopper.email, number);
  await ship(page, "RR100000001NP");
  await emailWith(shopper.email, `Your order ${number} has shipped`);

  await page.getByRole("button", { name: "Correct shipment" }).click();
  const correction = page.getByRole("form", { name: "Shipment correction" });
  await expect(correction).toContainText("The shopper is emailed the new details");
  await expect(correction.getByLabel("Carrier")).toHaveValue("Nepal Post");
  await expect(correction.getByLabel("Tracking number")).toHaveValue("RR100000001NP");
  await expectNoAxeViolations(page, "order with the shipment correction form");
  await correction.getByLabel("Tracking number").fill("RR200000002NP");
  await correction.getByRole("button", { name: "Save and email the shopper the new details" }).click();

  await expect(page.getByText("Shipped with Nepal Post, tracking number RR200000002NP", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-history")).toContainText(
    "Shipment corrected: Nepal Post, tracking number RR200000002NP; the shopper was emailed",
  );
  const corrected = await emailWith(shopper.email, `New tracking details for your order ${number}`);
  expect(corrected).toContain("RR200000002NP");
  expect(corrected).not.toContain("RR100000001NP");

  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Delivered");
  await page.getByRole("button", { name: "Undo delivered" }).click();
  const confirm = page.getByRole("group", { name: "Confirm" });
  await expect(confirm).toContainText("The order goes back to shipped");
  await expectNoAxeViolations(page, "order with the undo confirmation");
  await confirm.getByRole("button", { name: "Yes, undo delivered" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Shipped");
  await expect(page.getByTestId("order-history")).toContainText("Delivery undone: back to shipped");
});

/** The owner's back-office API, signed in once, for setting up an order quickly. */
async function ownerApi(): Promise<
  (number: string, body: Record<string, unknown>) => Promise<{ refunds: { id: string }[] }>
> {
  const origin = new URL(e2eSettings.apiUrl).origin;
  const signedIn = await fetch(`${e2eSettings.apiUrl}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: e2eSettings.owner.email, password: e2eSettings.owner.password }),
  });
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return async (number, body) => {
    const response = await fetch(`${e2eSettings.apiUrl}/admin/api/orders/${number}/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify(body),
    });
    expect(response.status, JSON.stringify(body)).toBe(200);
    return (await response.json()) as { refunds: { id: string }[] };
  };
}

test("the invoice shows a partial refund as its own credit note and the net amount, on a phone and on one A4 page", async ({
  page,
}) => {
  const shopper = nepalShopper("Kathmandu");
  const number = await placeOrderDirectly(shopper, {
    items: [
      { variant_id: "var_value_2x20", quantity: 1 },
      { variant_id: "var_travel_tin", quantity: 1 },
    ],
    payment: "sandbox",
  });
  const act = await ownerApi();
  await act(number, { action: "ship", carrier: "Nepal Post", trackingNumber: "RR300000002NP" });
  await act(number, { action: "deliver" });
  const returned = await act(number, {
    action: "take_return",
    lines: [{ position: 2, quantity: 1 }],
    restock: true,
    refundAmount: 65_000,
  });
  await act(number, { action: "record_refund", refundId: returned.refunds[0]?.id, note: "Cash at the shop" });
  const confirmation = await emailWith(shopper.email, `Your order ${number} is confirmed`);
  const orderPage = /https?:\/\/[^\s"<>]+\/orders\/[\w-]{32,64}/.exec(confirmation)?.[0] ?? "";

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${orderPage}/invoice`);
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByTestId("seller")).toContainText("Kathmandu");
  await expect(page.getByTestId("invoice-total")).toHaveText("Rs. 4640.00 NPR");
  const creditNote = page.getByRole("region", { name: /^Credit note CN-\d{4,}$/ });
  await expect(creditNote).toContainText("Shilajit Travel Tin");
  await expect(creditNote).toContainText("Refunded on");
  await expect(creditNote.getByTestId("credit-note-total")).toHaveText("Rs. 650.00");
  await expect(page.getByTestId("invoice-net")).toHaveText("Rs. 3990.00 NPR");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the invoice is wider than a 375 px screen").toBeLessThanOrEqual(0);
  const spilling = await page.evaluate(() =>
    [...document.querySelectorAll("main section")]
      .filter((section) => section.scrollWidth > section.clientWidth)
      .map((section) => section.getAttribute("aria-labelledby")),
  );
  expect(spilling, "cards whose content is wider than they are").toEqual([]);
  await expectNoAxeViolations(page, "invoice with a credit note at 375 px");
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g), "printed A4 pages").toHaveLength(1);
});
