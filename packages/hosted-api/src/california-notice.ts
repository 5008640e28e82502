/**
 * California's Proposition 65 warning on the hosted checkout: a shop setting the owner turns on in the back
 * office, with the warning's text, shown on the payment step to shoppers whose delivery address is in
 * California. The back office checks the text with `californiaWarningProblem` before sending it, and the store
 * API checks it again before saving.
 */

/** The text the back office suggests: the safe-harbour wording for foods with lead. */
export const suggestedCaliforniaWarning =
  "WARNING: Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.";

/** The most characters the warning holds. */
export const californiaWarningMaxLength = 1000;

/** The setting as saved: whether the notice is shown, and its text (kept when it is off, for turning it on again). */
export interface CaliforniaNoticeValues {
  enabled: boolean;
  warning: string;
}

/**
 * Why the warning cannot be saved, or undefined when it can: once trimmed it is plain text of one paragraph
 * (no control characters, line breaks included), at most 1000 characters, and not empty while the notice is on.
 */
export function californiaWarningProblem(values: CaliforniaNoticeValues): string | undefined {
  const warning = values.warning.trim();
  if (warning === "") return values.enabled ? "Give the warning's text before turning the notice on" : undefined;
  if (/\p{Cc}/u.test(warning)) return "The warning is one paragraph: no line breaks or other control characters";
  const length = [...warning].length;
  if (length > californiaWarningMaxLength) {
    return `The warning must be at most ${californiaWarningMaxLength} characters, not ${length}`;
  }
  return undefined;
}

/** Whether a delivery address is in California: the United States, state CA. */
export function isCaliforniaAddress(address: { country: string; region: { code: string } | null }): boolean {
  return address.country === "US" && address.region?.code === "CA";
}
