import { actionLabels } from "@herbo/hosted-api/admin";
import type { SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { sampleCashOrder, sampleOrder, sampleUsOrder } from "../../test/email-fixtures.ts";
import { composeEmail, messageIdFor, type MailSettings, type OutboxMessageRow } from "./compose.ts";
import { EmailDataError } from "./outbox-data.ts";

const settings: MailSettings = {
  from: { name: "Herbo Shilajit", address: "orders@shop.example" },
  messageIdDomain: "shop.example",
  shopEmail: "owner@shop.example",
};

function row(kind: string, data: unknown, overrides: Partial<OutboxMessageRow> = {}): OutboxMessageRow {
  return {
    id: "msg_abcdefghijklmnopqrstuvwx",
    kind,
    recipient: "rita.sharma@example.com",
    data,
    createdAt: new Date("2026-11-23T10:00:00.000Z"),
    ...overrides,
  };
}

function parts(message: SendMailOptions): { html: string; text: string; subject: string } {
  if (typeof message.html !== "string" || typeof message.text !== "string" || typeof message.subject !== "string") {
    throw new Error("Expected string html, text and subject");
  }
  return { html: message.html, text: message.text, subject: message.subject };
}

/** HTML with tags removed and whitespace collapsed, to check what a reader sees. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("order confirmation", () => {
  const message = composeEmail(row("order_confirmation", { order: sampleOrder() }), settings);
  const { html, text, subject } = parts(message);

  it("has a subject of fixed text and the order number", () => {
    expect(subject).toBe("Your order HS-1001 is confirmed");
  });

  it("lists the number, lines, totals with free shipping, address, payment and delivery time, in HTML and text", () => {
    for (const body of [visible(html), text]) {
      expect(body).toContain("HS-1001");
      expect(body).toContain("Pure Himalayan Shilajit Resin (20 g)");
      expect(body).toContain("Rs. 4800.00");
      expect(body).toContain("Shilajit Travel Tin 5 g (5 g)");
      expect(body).toContain("Rs. 900.00");
      expect(body).toMatch(/Subtotal:? Rs\. 5700\.00/);
      expect(body).toMatch(/Shipping:? Free/);
      expect(body).toMatch(/Total:? Rs\. 5700\.00/);
      expect(body).toContain("Rita Sharma");
      expect(body).toContain("Thamel Marg 12");
      expect(body).toContain("Kathmandu 44600");
      expect(body).toContain("Kathmandu, Bagmati Province");
      expect(body).toContain("Bagmati Province");
      expect(body).toContain("Nepal");
      expect(body).toContain("Card ending in 4242");
      expect(body).toContain("Expected delivery: 2 to 7 business days.");
      expect(body).toContain("23 November 2026 at 15:45");
      expect(body).toContain("http://api.test/orders/tok_abcdefghijklmnopqrstuvwx");
      expect(body).not.toContain("ready in cash");
    }
  });

  it("is an accessible document in the shop's colours with inline styles, no remote images and nothing to run", () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(html).toContain("<title>Your order HS-1001 is confirmed</title>");
    expect(html).toMatch(/<h1 [^>]*>Thank you for your order<\/h1>/);
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row"');
    expect(html).toContain("<caption");
    expect(html).toContain("background:#faf6ef");
    expect(html).toContain("color:#1c1410");
    expect(html).toContain("#c8963e");
    expect(html).not.toMatch(/<img|<script|<style|<link|url\(|src=/i);
    // The order page is the only address the message points to.
    const addresses = [...html.matchAll(/https?:\/\/[^\s"<]+/g)].map((match) => match[0]);
    expect(new Set(addresses)).toEqual(new Set(["http://api.test/orders/tok_abcdefghijklmnopqrstuvwx"]));
  });

  it("is addressed from MAIL_FROM to the shopper, replies going to SHOP_EMAIL", () => {
    expect(message.from).toEqual({ name: "Herbo Shilajit", address: "orders@shop.example" });
    expect(message.to).toBe("rita.sharma@example.com");
    expect(message.replyTo).toBe("owner@shop.example");
    expect(message.headers).toEqual({ "Auto-Submitted": "auto-generated" });
  });

  it("lets replies go to the sender when SHOP_EMAIL is unset", () => {
    const unset = composeEmail(row("order_confirmation", { order: sampleOrder() }), {
      ...settings,
      shopEmail: undefined,
    });
    expect(unset).not.toHaveProperty("replyTo");
  });

  it("says the prices include VAT, and how much once the shop is registered", () => {
    const included = parts(
      composeEmail(row("order_confirmation", { order: sampleOrder({ taxIncluded: "VAT" }) }), settings),
    );
    const registered = parts(
      composeEmail(
        row("order_confirmation", {
          order: sampleOrder({
            taxIncluded: "VAT",
            tax: { name: "VAT", rateBasisPoints: 1300, registration: "601234567", amount: 65_575 },
          }),
        }),
        settings,
      ),
    );
    for (const body of [visible(included.html), included.text]) expect(body).toContain("Prices incl. VAT.");
    for (const body of [visible(registered.html), registered.text]) {
      expect(body).toContain("Prices incl. VAT 13%: Rs. 655.75 (registration 601234567).");
    }
    // A snapshot written before the wording said nothing of tax, and still does not.
    expect(text).not.toContain("incl.");
  });

  it("names the amount to have ready in cash for cash on delivery", () => {
    const cash = parts(composeEmail(row("order_confirmation", { order: sampleCashOrder() }), settings));
    for (const body of [visible(cash.html), cash.text]) {
      expect(body).toContain("Cash on delivery: please have Rs. 5700.00 ready in cash when your order arrives.");
      expect(body).not.toContain("Card ending");
    }
  });

  it("shows a charged shipping rate and a US address in its usual form", () => {
    const us = parts(
      composeEmail(row("order_confirmation", { order: sampleUsOrder() }, { recipient: "sam@example.com" }), settings),
    );
    for (const body of [visible(us.html), us.text]) {
      expect(body).toMatch(/Shipping:? Rs\. 3500\.00/);
      expect(body).toMatch(/Total:? Rs\. 9200\.00/);
      expect(body).toContain("Springfield, IL 62701");
      expect(body).toContain("United States");
      expect(body).toContain("Expected delivery: 8 to 16 business days.");
    }
  });

  it("leaves out the delivery time when the rate does not say", () => {
    const { text } = parts(
      composeEmail(row("order_confirmation", { order: sampleOrder({ deliveryDays: null }) }), settings),
    );
    expect(text).not.toContain("Expected delivery");
  });
});

describe("escaping shoppers' text", () => {
  const hostile = sampleOrder({
    customer: {
      ...sampleOrder().customer,
      fullName: "<script>alert(1)</script>",
      address: { ...sampleOrder().customer.address, line1: '"><img src=x onerror=alert(2)>', city: "Kathmandu & co" },
    },
    lines: [{ productTitle: "Resin <b>bold</b>", variantTitle: "20 g", quantity: 1, unitAmount: 100, lineAmount: 100 }],
    subtotalAmount: 100,
    totalAmount: 100,
  });

  it.each(["order_confirmation", "new_order_notice"])("escapes names, addresses and titles in %s", (kind) => {
    const { html, text } = parts(composeEmail(row(kind, { order: hostile }), settings));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>bold");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
    expect(html).toContain("Kathmandu &amp; co");
    // The text part is plain text: shown as typed.
    expect(text).toContain("<script>alert(1)</script>");
  });

  it("escapes the carrier and tracking number of a shipping email", () => {
    const { html } = parts(
      composeEmail(
        row("order_shipped", {
          order: sampleOrder(),
          carrier: "<i>Post</i>",
          trackingNumber: '"1"',
          trackingUrl: null,
        }),
        settings,
      ),
    );
    expect(html).toContain("&lt;i&gt;Post&lt;/i&gt;");
    expect(html).toContain("&quot;1&quot;");
  });
});

describe("new order notice", () => {
  it("gives the shop the number, contact, address, lines, total and payment; replies go to the shopper", () => {
    const message = composeEmail(
      row("new_order_notice", { order: sampleOrder() }, { recipient: "owner@shop.example" }),
      settings,
    );
    const { html, text, subject } = parts(message);
    expect(subject).toBe("New order HS-1001");
    expect(message.to).toBe("owner@shop.example");
    expect(message.replyTo).toBe("rita.sharma@example.com");
    for (const body of [visible(html), text]) {
      expect(body).toContain("rita.sharma@example.com");
      expect(body).toContain("+9779812345678");
      expect(body).toContain("Kathmandu 44600");
      expect(body).toContain("Pure Himalayan Shilajit Resin (20 g)");
      expect(body).toMatch(/Total:? Rs\. 5700\.00/);
      expect(body).toContain("Card ending in 4242: paid, Rs. 5700.00.");
    }
    expect(html).toContain('href="mailto:rita.sharma@example.com"');
    expect(html).toContain('href="tel:+9779812345678"');
  });

  it("tells the time by the shop's clock in Kathmandu and links to the order in the back office", () => {
    const fromDenver = { ...sampleOrder(), timeZone: "America/Denver" };
    const { html, text } = parts(composeEmail(row("new_order_notice", { order: fromDenver }), settings));
    for (const body of [visible(html), text]) {
      expect(body).toContain("Placed on 23 November 2026 at 15:45 GMT+5:45.");
      expect(body).not.toContain("GMT-7");
    }
    expect(html).toContain('href="http://api.test/admin/orders/HS-1001"');
    expect(text).toContain("Open the order in the back office: http://api.test/admin/orders/HS-1001");
    expect(html).not.toContain("tok_abcdefghijklmnopqrstuvwx");
    expect(text).not.toContain("tok_abcdefghijklmnopqrstuvwx");
  });

  it("keeps a store API's path prefix in the back-office link", () => {
    const prefixed = { ...sampleOrder(), orderUrl: "https://shop.example/api/orders/tok_abcdefghijklmnopqrstuvwx" };
    const { text } = parts(composeEmail(row("new_order_notice", { order: prefixed }), settings));
    expect(text).toContain("https://shop.example/api/admin/orders/HS-1001");
  });

  it("names the back office's button for confirming a cash-on-delivery order exactly as the button reads", () => {
    const order = sampleCashOrder({ awaitingConfirmation: true });
    const { html, text } = parts(composeEmail(row("new_order_notice", { order }), settings));
    // The back office's button (apps/admin, from the contract's actionLabels) reads "Confirmed by phone".
    expect(actionLabels.confirm).toBe("Confirmed by phone");
    for (const body of [visible(html).replace(/&quot;|&#34;/g, '"'), text]) {
      expect(body).toContain('then press "Confirmed by phone" in the back office.');
      expect(body).not.toContain("Confirm order");
    }
  });

  it("says that cash is due for cash on delivery", () => {
    const { html, text } = parts(composeEmail(row("new_order_notice", { order: sampleCashOrder() }), settings));
    for (const body of [visible(html), text]) {
      expect(body).toContain("Cash on delivery: collect Rs. 5700.00 in cash when delivering.");
    }
  });
});

describe("order shipped", () => {
  it("names the carrier, tracking number and tracking link", () => {
    const { html, text, subject } = parts(
      composeEmail(
        row("order_shipped", {
          order: sampleOrder(),
          carrier: "Nepal Post",
          trackingNumber: "RR123456789NP",
          trackingUrl: "https://track.example/RR123456789NP",
        }),
        settings,
      ),
    );
    expect(subject).toBe("Your order HS-1001 has shipped");
    for (const body of [visible(html), text]) {
      expect(body).toContain("Nepal Post");
      expect(body).toContain("Tracking number: RR123456789NP");
    }
    expect(text).toContain("Track your parcel: https://track.example/RR123456789NP");
    expect(html).toContain('href="https://track.example/RR123456789NP"');
  });

  it("has no tracking link when there is none, and reminds a cash-on-delivery shopper of the cash", () => {
    const { html, text } = parts(
      composeEmail(
        row("order_shipped", { order: sampleCashOrder(), carrier: "Courier", trackingNumber: "T1", trackingUrl: null }),
        settings,
      ),
    );
    expect(html).not.toContain("Track your parcel");
    expect(text).toContain("Please have Rs. 5700.00 ready in cash for the courier.");
  });
});

describe("order cancelled", () => {
  it.each([
    ["refunded", sampleOrder(), "Your payment of Rs. 5700.00 has been refunded."],
    ["to_make", sampleOrder(), "We will refund your payment of Rs. 5700.00; you will hear from us when it is done."],
    ["none", sampleCashOrder(), "No payment was taken for this order, so there is nothing to refund."],
    ["none", sampleOrder(), "No refund is due for this order."],
  ] as const)("says what happens to the money (%s)", (refund, order, sentence) => {
    const { html, text, subject } = parts(composeEmail(row("order_cancelled", { order, refund }), settings));
    expect(subject).toBe("Your order HS-1001 has been cancelled");
    expect(text).toContain(sentence);
    expect(visible(html)).toContain(sentence);
  });
});

describe("message identity and refusals", () => {
  it("gives each row one stable Message-ID and dates the message when the row was written", () => {
    const first = composeEmail(row("order_confirmation", { order: sampleOrder() }), settings);
    const again = composeEmail(row("order_confirmation", { order: sampleOrder() }), settings);
    const other = composeEmail(row("order_confirmation", { order: sampleOrder() }, { id: "msg_other" }), settings);
    expect(first.messageId).toBe("<msg_abcdefghijklmnopqrstuvwx@shop.example>");
    expect(again.messageId).toBe(first.messageId);
    expect(other.messageId).toBe("<msg_other@shop.example>");
    expect(first.date).toEqual(new Date("2026-11-23T10:00:00.000Z"));
  });

  it("refuses ids and domains that cannot be part of a Message-ID", () => {
    expect(() => messageIdFor("msg_1>\r\nBcc: x", "shop.example")).toThrow(EmailDataError);
    expect(() => messageIdFor("msg_1", "shop.example>")).toThrow(EmailDataError);
  });

  it("refuses an unknown kind, a malformed snapshot, a forged order number and a bad recipient", () => {
    expect(() => composeEmail(row("newsletter", { order: sampleOrder() }), settings)).toThrow(/Unknown email kind/);
    expect(() => composeEmail(row("order_confirmation", { order: { number: "HS-1001" } }), settings)).toThrow(
      EmailDataError,
    );
    expect(() =>
      composeEmail(
        row("order_confirmation", { order: sampleOrder({ number: "HS-1001\r\nBcc: victim@example.com" }) }),
        settings,
      ),
    ).toThrow(/order\.number/);
    expect(() =>
      composeEmail(row("order_confirmation", { order: sampleOrder() }, { recipient: "not an address" }), settings),
    ).toThrow(/recipient/);
    expect(() =>
      composeEmail(
        row("order_shipped", {
          order: sampleOrder(),
          carrier: "X",
          trackingNumber: "1",
          trackingUrl: "javascript:alert(1)",
        }),
        settings,
      ),
    ).toThrow(/trackingUrl/);
  });
});
