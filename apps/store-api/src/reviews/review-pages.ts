import { bestRating, reviewLimits, type ReviewField, type ReviewProblem } from "@herbo/hosted-api";
import { markup, type SafeHtml } from "../html/markup.ts";
import { errorSummaryHtml } from "../pages/kit.ts";
import { layout, type PageFrame } from "../pages/page-layout.ts";

/**
 * The review form a review link opens, on the shop's hosted pages: no script, every value escaped, a refused
 * form shown again with what was typed and the GOV.UK error summary.
 */

export interface ReviewFormView {
  frame: PageFrame;
  productTitle: string;
  /** Where the form posts: the link's own address. */
  action: string;
  values: { rating: string; title: string; body: string; displayName: string };
  problems: readonly ReviewProblem[];
}

const ratingWords: Record<number, string> = { 5: "excellent", 4: "good", 3: "average", 2: "poor", 1: "very poor" };

/** The element each field's error links to: the rating's first choice, else the field itself. */
const targetOf = (field: ReviewField) => (field === "rating" ? `rating-${bestRating}` : field);

function problemOf(view: ReviewFormView, field: ReviewField): string | undefined {
  return view.problems.find((problem) => problem.field === field)?.message;
}

function errorLine(field: ReviewField, message: string | undefined): SafeHtml | "" {
  return message === undefined ? "" : markup`<p class="field-error" id="${field}-error">${message}</p>\n`;
}

function describedBy(field: ReviewField, message: string | undefined): string {
  return [`${field}-hint`, message === undefined ? "" : `${field}-error`].filter((id) => id !== "").join(" ");
}

function textField(
  view: ReviewFormView,
  field: "title" | "displayName",
  label: string,
  hint: string,
  extra: { maxLength: number; autocomplete: string },
): SafeHtml {
  const message = problemOf(view, field);
  return markup`<label for="${field}">${label}</label>
<span class="hint" id="${field}-hint">${hint}</span>
${errorLine(field, message)}<input id="${field}" name="${field}" required maxlength="${extra.maxLength}" autocomplete="${extra.autocomplete}" value="${view.values[field]}" aria-describedby="${describedBy(field, message)}"${message === undefined ? "" : markup` aria-invalid="true"`}>`;
}

export function renderReviewForm(view: ReviewFormView): string {
  const heading = `Review ${view.productTitle}`;
  const ratingProblem = problemOf(view, "rating");
  const bodyProblem = problemOf(view, "body");
  const choices = [5, 4, 3, 2, 1].map(
    (stars) => markup`<label class="check" for="rating-${stars}"><input type="radio" id="rating-${stars}" name="rating" value="${stars}" required${
      view.values.rating === String(stars) ? markup` checked` : ""
    }>${stars} ${stars === 1 ? "star" : "stars"}: ${ratingWords[stars] ?? ""}</label>\n`,
  );
  const body = markup`<h1>${heading}</h1>
${errorSummaryHtml(view.problems.map((problem) => ({ fieldId: targetOf(problem.field), message: problem.message })))}
<p>Thank you for buying from us. Your review appears on the product's page with "Verified buyer", your market and the name you choose, once we have read it. We publish reviews whatever their rating.</p>
<p class="note">Please leave out personal details such as your email address or phone number. <a href="${view.frame.siteUrl}/review-policy">How we collect and moderate reviews</a></p>
<form method="post" action="${view.action}">
<fieldset class="plain spaced"${ratingProblem === undefined ? "" : markup` aria-describedby="rating-error"`}>
<legend>Your rating</legend>
${errorLine("rating", ratingProblem)}${choices}</fieldset>
${textField(view, "title", "Title", "A few words that sum up your review.", { maxLength: reviewLimits.title, autocomplete: "off" })}
<label for="body">Your review</label>
<span class="hint" id="body-hint">What you noticed: the taste, how you take it, the jar, the delivery. At most ${reviewLimits.body} characters.</span>
${errorLine("body", bodyProblem)}<textarea id="body" name="body" rows="7" required maxlength="${reviewLimits.body}" aria-describedby="${describedBy("body", bodyProblem)}"${bodyProblem === undefined ? "" : markup` aria-invalid="true"`}>${view.values.body}</textarea>
${textField(view, "displayName", "Name to show", "A first name, initials or a nickname: it is shown with your review.", { maxLength: reviewLimits.displayName, autocomplete: "nickname" })}
<p><button class="pay" type="submit">Send my review</button></p>
</form>`;
  return layout(view.frame, heading, body, { badge: "Verified review" });
}
