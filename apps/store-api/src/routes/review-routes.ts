import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { sendLinkPage } from "./link-page-reply.ts";
import type { Database } from "../db/connection.ts";
import { renderClosedPage } from "../hosted-checkout/page.ts";
import type { PageFrame } from "../pages/page-layout.ts";
import { checkReviewLink, reviewLinkDays, writeReviewPath } from "../reviews/review-links.ts";
import { renderReviewForm } from "../reviews/review-pages.ts";
import { reviewFormContext, submitReview } from "../reviews/review-submission.ts";

export interface ReviewRouteOptions {
  db: Database;
  now: () => Date;
  frame: PageFrame;
  publicUrl: string;
  shopName: string;
  shopEmail: string | undefined;
  /** A new review is waiting: the outbox may have the owner's notice to send. */
  onEmailQueued: () => void;
}

const linkParams = z.object({ productId: z.string().min(1).max(100), token: z.string().max(200) });
/** The form's fields as text; each is checked by the contract's rules, which name the problem to the reviewer. */
const formBody = z
  .object({
    rating: z.string().max(10).optional(),
    title: z.string().max(10_000).optional(),
    body: z.string().max(50_000).optional(),
    displayName: z.string().max(10_000).optional(),
  })
  .loose();

/**
 * A review link's page: GET shows the form (a mail scanner following the link writes nothing), POST writes the
 * review. An unknown, forged or other product's link, a used one and an expired one each get their page and
 * change nothing; so does a form posted from another site.
 */
export const reviewRoutes: FastifyPluginAsync<ReviewRouteOptions> = async (app, options) => {
  const { db, frame } = options;
  const ownOrigin = new URL(options.publicUrl).origin;
  const closed = (reply: FastifyReply, kind: "unknown" | "used" | "expired") => {
    switch (kind) {
      case "unknown":
        return sendLinkPage(
          reply,
          404,
          renderClosedPage(
            frame,
            "Link not found",
            "This review link is not valid. Please use the link in our email.",
            {
              href: `${frame.siteUrl}/`,
              label: "Go to the shop",
            },
          ),
        );
      case "used":
        return sendLinkPage(
          reply,
          410,
          renderClosedPage(
            frame,
            "Review already received",
            "This link has been used: we have your review of this product. Each link works once.",
            { href: `${frame.siteUrl}/`, label: "Go to the shop" },
          ),
        );
      case "expired":
        return sendLinkPage(
          reply,
          410,
          renderClosedPage(
            frame,
            "This link has expired",
            `Review links work for ${reviewLinkDays} days after we send them. To tell us about your order, reply to any of our emails.`,
            { href: `${frame.siteUrl}/`, label: "Go to the shop" },
          ),
        );
    }
  };

  app.get("/reviews/write/:productId/:token", { schema: { params: linkParams } }, async (request, reply) => {
    const { productId, token } = request.params as z.infer<typeof linkParams>;
    const check = await checkReviewLink(db, { productId, token, now: options.now() });
    if (check.kind !== "valid") return closed(reply, check.kind);
    const context = await reviewFormContext(db, check.link);
    return sendLinkPage(
      reply,
      200,
      renderReviewForm({
        frame,
        productTitle: context.productTitle,
        action: writeReviewPath(productId, token),
        values: { rating: "", title: "", body: "", displayName: context.suggestedName },
        problems: [],
      }),
    );
  });

  app.post(
    "/reviews/write/:productId/:token",
    { schema: { params: linkParams, body: formBody } },
    async (request, reply) => {
      const { productId, token } = request.params as z.infer<typeof linkParams>;
      // Only this API's own review page may post a review. The page sends no referrer, so its browser may name
      // its origin "null"; Sec-Fetch-Site still tells a same-origin post from another site's.
      const origin = request.headers.origin;
      const site = request.headers["sec-fetch-site"];
      const foreign =
        (site !== undefined && site !== "same-origin") ||
        (origin !== undefined && origin !== "null" && origin !== ownOrigin);
      if (foreign) {
        return sendLinkPage(
          reply,
          403,
          renderClosedPage(frame, "Review not sent", "This form must be sent from our own review page.", undefined),
        );
      }
      const form = request.body as z.infer<typeof formBody>;
      const outcome = await submitReview(
        db,
        { productId, token, form },
        { now: options.now(), shopName: options.shopName, shopEmail: options.shopEmail, publicUrl: options.publicUrl },
      );
      switch (outcome.kind) {
        case "unknown":
        case "used":
        case "expired":
          return closed(reply, outcome.kind);
        case "invalid": {
          // The link was checked in the same transaction: the form comes back for it, with its problems.
          const context = await reviewFormContext(db, outcome.link);
          return sendLinkPage(
            reply,
            400,
            renderReviewForm({
              frame,
              productTitle: context.productTitle,
              action: writeReviewPath(productId, token),
              values: {
                rating: form.rating ?? "",
                title: form.title ?? "",
                body: form.body ?? "",
                displayName: form.displayName ?? "",
              },
              problems: outcome.problems,
            }),
          );
        }
        case "saved":
          if (options.shopEmail !== undefined) options.onEmailQueued();
          return sendLinkPage(
            reply,
            200,
            renderClosedPage(
              frame,
              "Thank you for your review",
              "We read every review before it appears on the shop, usually within a few days. We publish it whatever its rating.",
              { href: `${frame.siteUrl}/`, label: "Back to the shop" },
            ),
          );
      }
    },
  );
};
