import type { AdminProduct, AdminProductBatches, AdminShipping } from "@herbo/hosted-api/admin";
import { expectNoAxeViolations } from "./support/accessibility";
import { ownerApi } from "./support/back-office";
import { expect, hydratedByReact, test, waitForHydration } from "./support/fixtures";
import { openCheckout } from "./support/checkout";
import { enterLocalDetails, localShopper } from "./support/local-shoppers";
import { e2eSettings } from "./settings.mjs";

/**
 * What a stranger can check on a product page: the supplement facts and the lab certificate the owner set in
 * the back office, shown as plain text, and the certificate served as a PDF that can run nothing in the shop's
 * origin; and the FDA's disclaimer on the US pages that make health statements. The gift box is used, since no
 * other test reads its page's sections.
 */
const productId = "prod_gift_box";
const fda =
  "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** A one-page PDF with nothing in it but a line of text, its cross-reference table counted exactly. */
function smallPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>",
    "<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 100 Td (Lot HS-2611) Tj ET\nendstream",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test("the owner's supplement facts and lab certificate show on the product page, as text, and the certificate opens as a sandboxed PDF", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const owner = await ownerApi();
  const product = (await (await owner(`/products/${productId}`)).json()) as AdminProduct;
  const saved = await owner(`/products/${productId}/facts`, {
    method: "PUT",
    body: {
      version: product.version,
      facts: {
        servingSize: "300 mg, about a pea-sized amount",
        servingsPerContainer: "About 66",
        amounts: [{ name: "Shilajit resin, purified", amount: "300 mg", dailyValue: "†" }],
        ingredients: 'Purified shilajit resin. <img src="x" onerror="alert(1)">',
        warnings: ["Keep out of reach of children.", "Consult your doctor before use if you are pregnant."],
      },
    },
  });
  expect(saved.status).toBe(200);

  const signedIn = await fetch(`${e2eSettings.apiUrl}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: e2eSettings.apiUrl },
    body: JSON.stringify({ email: e2eSettings.owner.email, password: e2eSettings.owner.password }),
  });
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const uploaded = await fetch(
    `${e2eSettings.apiUrl}/admin/api/products/${productId}/batches?lot=HS-2611&testedOn=2026-11-02`,
    {
      method: "POST",
      headers: { "content-type": "application/pdf", origin: e2eSettings.apiUrl, cookie },
      body: new Uint8Array(smallPdf()),
    },
  );
  expect(uploaded.status).toBe(201);
  const batches = (await uploaded.json()) as AdminProductBatches;
  expect(batches.batches[0]).toMatchObject({ lot: "HS-2611", testedOn: "2026-11-02", current: true });

  // Pages are cached for a second and the store's catalogue answer too: a reload after that shows them.
  await expect(async () => {
    await page.goto(`/product/${productId}`);
    await expect(page.getByRole("heading", { name: "Supplement Facts" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const panel = page.getByTestId("supplement-facts");
  await expect(panel).toContainText("Serving size: 300 mg, about a pea-sized amount");
  await expect(panel).toContainText("Servings per container: About 66");
  await expect(panel.getByRole("row", { name: /Shilajit resin, purified/ })).toContainText("300 mg");
  await expect(panel).toContainText("† Daily Value not established.");
  await expect(panel).toContainText('Purified shilajit resin. <img src="x" onerror="alert(1)">');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  // The panel and the certificate answer no taps: the page keeps the server's drawing of them, which stays text.
  await waitForHydration(page);
  expect(await hydratedByReact(page, '[data-testid="supplement-facts"] td')).toBe(false);
  expect(await hydratedByReact(page, '[data-testid="certificate-link"]')).toBe(false);
  expect(await hydratedByReact(page, 'button:has-text("Add to Cart")')).toBe(true);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(panel.getByRole("listitem")).toHaveText([
    "Keep out of reach of children.",
    "Consult your doctor before use if you are pregnant.",
  ]);
  const certificate = page.getByTestId("batch-certificate");
  await expect(certificate).toContainText("Current batch: lot HS-2611, tested 2 November 2026.");
  const link = page.getByTestId("certificate-link");
  await expect(link).toHaveText("The lab's certificate for lot HS-2611 (PDF)");
  // Nepal's page makes no US health statement.
  await expect(page.getByTestId("health-disclaimer")).toHaveCount(0);

  const href = (await link.getAttribute("href")) ?? "";
  expect(new URL(href).origin).toBe(new URL(e2eSettings.apiUrl).origin);
  const pdf = await fetch(href);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  expect(pdf.headers.get("content-disposition")).toMatch(/^inline; filename="HS-2611-certificate\.pdf"/);
  expect(pdf.headers.get("content-security-policy")).toMatch(/sandbox/);
  expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.from(await pdf.arrayBuffer()).equals(smallPdf())).toBe(true);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `product page with facts and a certificate at ${width} px`);
  }

  // The US copy of the page adds the FDA's disclaimer.
  await page.goto(`/us/product/${productId}`);
  await expect(page.getByTestId("supplement-facts")).toBeVisible();
  await expect(page.getByTestId("health-disclaimer")).toHaveText(fda);

  // Removing the panel removes it from the page.
  const now = (await (await owner(`/products/${productId}`)).json()) as AdminProduct;
  expect(
    (await owner(`/products/${productId}/facts`, { method: "PUT", body: { version: now.version, facts: null } }))
      .status,
  ).toBe(200);
  await expect(async () => {
    await page.goto(`/product/${productId}`);
    await expect(page.getByTestId("supplement-facts")).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("the FDA's disclaimer is on the US pages that make health statements, and on no other market's", async ({
  page,
}) => {
  for (const path of [
    "/us",
    "/us/product/prod_himalayan_resin",
    "/shilajit-in-usa",
    "/blog/how-to-take-shilajit-correct-dosage-timing-tips",
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("health-disclaimer"), path).toHaveText(fda);
  }
  for (const path of [
    "/",
    "/uk",
    "/product/prod_himalayan_resin",
    "/in/product/prod_himalayan_resin",
    "/shilajit-in-uk",
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("health-disclaimer"), path).toHaveCount(0);
  }
});

test("with the California notice on, a Californian reads it before paying, and a Texan does not see it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const owner = await ownerApi();
  const before = ((await (await owner("/shipping")).json()) as AdminShipping).californiaNotice;
  const warning =
    "WARNING: Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.";
  const on = await owner("/california-notice", {
    method: "PUT",
    body: { version: before.version, enabled: true, warning },
  });
  expect(on.status).toBe(200);
  try {
    await openCheckout(page, "USD");
    await enterLocalDetails(page, {
      ...localShopper("US"),
      line1: "200 North Spring Street",
      city: "Los Angeles",
      region: "CA",
      postalCode: "90012",
    });
    const notice = page.getByTestId("california-notice");
    await expect(notice).toContainText(warning);
    // Read before any way to pay: the notice comes first on the step.
    const noticeTop = (await notice.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const payTop = (await page.getByRole("button", { name: /^Pay / }).first().boundingBox())?.y ?? 0;
    expect(noticeTop).toBeLessThan(payTop);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `payment step with the California notice at ${width} px`);
    }

    await openCheckout(page, "USD");
    await enterLocalDetails(page, localShopper("US"));
    await expect(page.getByTestId("california-notice")).toHaveCount(0);
  } finally {
    const now = ((await (await owner("/shipping")).json()) as AdminShipping).californiaNotice;
    const off = await owner("/california-notice", {
      method: "PUT",
      body: { version: now.version, enabled: before.enabled, warning: before.warning },
    });
    expect(off.status).toBe(200);
  }
});
