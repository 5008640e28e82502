import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import { renderNewOrderNotice } from "./new-order-notice-email.ts";
import { renderOrderCancelled } from "./order-cancelled-email.ts";
import { renderOrderConfirmation, renderOrderConfirmedByPhone } from "./order-confirmation-email.ts";
import { renderOrderRefunded, renderOrderReturned } from "./order-refund-emails.ts";
import { renderOrderShipped } from "./order-shipped-email.ts";
import { renderCheckoutReminder } from "./checkout-reminder-email.ts";
import { renderReviewReceived, renderReviewRequest } from "./review-emails.ts";
import { EmailDataError, parseOutboxEmail, type OutboxEmail } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/** Who the shop's emails come from and how they are identified (from MAIL_FROM, SHOP_EMAIL, STORE_API_URL). */
export interface MailSettings {
  from: { name: string; address: string };
  /** Right-hand side of every Message-ID: MAIL_FROM's domain, else the API's public host. */
  messageIdDomain: string;
  /** The shop's own address (SHOP_EMAIL): shoppers' replies go there; unset, they go to `from`. */
  shopEmail: string | undefined;
}

/** The columns of an outbox row a message is built from. */
export interface OutboxMessageRow {
  id: string;
  kind: string;
  recipient: string;
  data: unknown;
  createdAt: Date;
}

const idPattern = /^[A-Za-z0-9_-]{1,100}$/;
const recipientSchema = z.email();
const domainPattern = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/** One Message-ID per outbox row, the same on every attempt, so a repeated delivery is recognisably the same message. */
export function messageIdFor(rowId: string, domain: string): string {
  if (!idPattern.test(rowId)) throw new EmailDataError("The outbox row id cannot be part of a Message-ID");
  if (!domainPattern.test(domain)) throw new EmailDataError("The Message-ID domain is not a host name");
  return `<${rowId}@${domain.toLowerCase()}>`;
}

function render(email: OutboxEmail): RenderedEmail {
  switch (email.kind) {
    case "order_confirmation":
      return renderOrderConfirmation(email.data);
    case "new_order_notice":
      return renderNewOrderNotice(email.data);
    case "order_shipped":
      return renderOrderShipped(email.data);
    case "order_cancelled":
      return renderOrderCancelled(email.data);
    case "order_returned":
      return renderOrderReturned(email.data);
    case "order_refunded":
      return renderOrderRefunded(email.data);
    case "order_confirmed":
      return renderOrderConfirmedByPhone(email.data);
    case "checkout_reminder":
      return renderCheckoutReminder(email.data);
    case "review_request":
      return renderReviewRequest(email.data);
    case "review_received":
      return renderReviewReceived(email.data);
  }
}

/** The subject, HTML and text an outbox row makes; throws EmailDataError when its data cannot make one. */
export function renderOutboxRow(row: Pick<OutboxMessageRow, "kind" | "data">): RenderedEmail {
  return render(parseOutboxEmail(row.kind, row.data));
}

/**
 * The complete message of an outbox row, from the row alone: HTML and text, addressed, dated when the
 * row was written, with its stable Message-ID. Throws EmailDataError when the row cannot make a message.
 */
export function composeEmail(row: OutboxMessageRow, settings: MailSettings): SendMailOptions {
  if (!recipientSchema.safeParse(row.recipient).success)
    throw new EmailDataError("The recipient is not an email address");
  const email = parseOutboxEmail(row.kind, row.data);
  const rendered = render(email);
  const replyTo = email.kind === "new_order_notice" ? email.data.order.customer.email : settings.shopEmail;
  return {
    from: settings.from,
    to: row.recipient,
    ...(replyTo === undefined ? {} : { replyTo }),
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: messageIdFor(row.id, settings.messageIdDomain),
    date: row.createdAt,
    // Automatic mail (RFC 3834): out-of-office replies should not answer it. A reminder can be stopped in one
    // click from the mail client itself (RFC 8058).
    headers: {
      "Auto-Submitted": "auto-generated",
      ...(email.kind === "checkout_reminder"
        ? {
            "List-Unsubscribe": `<${email.data.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
    // Our messages carry no attachments; refuse reading files or URLs should one ever slip in.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
