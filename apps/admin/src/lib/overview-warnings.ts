import type {
  AdminEmailsFailingWarning,
  AdminOverviewWarning,
  AdminPaymentOpenWarning,
  AdminPlaceholderPhoneWarning,
} from "@herbo/hosted-api/admin";
import { formatDateTime } from "./dates.ts";
import { providerLabel } from "./labels.ts";

/** One warning as the overview shows it: a sentence, and where to go about it when the back office has a page for it. */
export interface WarningView {
  text: string;
  link: { to: string; label: string } | undefined;
}

function emails(count: number): string {
  return count === 1 ? "1 email" : `${count} emails`;
}

function failingEmailsView(warning: AdminEmailsFailingWarning): WarningView {
  const { retrying, givenUp } = warning;
  if (givenUp === 0) {
    return {
      text: `${emails(retrying)} failed to send and ${retrying === 1 ? "is" : "are"} waiting to be tried again.`,
      link: { to: "/emails?status=retrying", label: "See the emails" },
    };
  }
  if (retrying === 0) {
    return {
      text: `${emails(givenUp)} could not be sent and ${givenUp === 1 ? "was" : "were"} given up in the last 7 days.`,
      link: { to: "/emails?status=failed", label: "See the emails" },
    };
  }
  return {
    text: `${emails(retrying + givenUp)} failing: ${retrying} waiting to be tried again, ${givenUp} given up in the last 7 days.`,
    link: { to: "/emails", label: "See the emails" },
  };
}

function openPaymentView(warning: AdminPaymentOpenWarning): WarningView {
  const provider = providerLabel(warning.provider);
  const since = formatDateTime(warning.startedAt);
  if (warning.orderNumber !== null) {
    return {
      text: `The ${provider} payment of ${warning.amount.text} for order ${warning.orderNumber} has been open since ${since}.`,
      link: { to: `/orders/${encodeURIComponent(warning.orderNumber)}`, label: `Open order ${warning.orderNumber}` },
    };
  }
  return {
    text: `The ${provider} payment of ${warning.amount.text} for checkout ${warning.checkoutId} has been open since ${since} and has no order yet; find it in ${provider}'s dashboard by its reference ${warning.reference}.`,
    link: undefined,
  };
}

function placeholderPhoneView(warning: AdminPlaceholderPhoneWarning): WarningView {
  return {
    text: `The shop's chat and contact number is still the placeholder +${warning.phone}: shoppers who call or message it reach nobody. Set CHAT_PHONE to the shop's own number and restart the shop.`,
    link: undefined,
  };
}

/** The sentence and the link of a warning. */
export function warningView(warning: AdminOverviewWarning): WarningView {
  switch (warning.kind) {
    case "emails_failing":
      return failingEmailsView(warning);
    case "payment_open_too_long":
      return openPaymentView(warning);
    case "placeholder_contact_number":
      return placeholderPhoneView(warning);
  }
}
