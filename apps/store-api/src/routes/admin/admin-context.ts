import type { PasswordCheckLimits } from "../../admin/password-check-gate.ts";
import type { SignedInOwner } from "../../admin/owner-sessions.ts";
import type { ScryptParameters } from "../../admin/passwords.ts";
import type { Database } from "../../db/connection.ts";
import { ApiError } from "../../errors.ts";
import type { MediaStore } from "../../media/media-store.ts";
import type { PaymentServices } from "../../payments/settle.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The owner whose session cookie came with the request; set by the back office's guard. */
    owner: SignedInOwner | null;
  }
  interface FastifyContextConfig {
    /** The back office's sign-in: the only route the guard lets through without a session (never without the Origin check). */
    withoutSession?: boolean;
    /** A photo upload: the guard lets its image body through (a type no page on another site can send unasked). */
    photoUpload?: boolean;
    /** A certificate upload: the guard lets its PDF body through (a type no page on another site can send unasked). */
    certificateUpload?: boolean;
  }
}

/** What the back office's routes are given by the plugin that guards them (plugins/admin-api.ts). */
export interface AdminApiOptions {
  db: Database;
  now: () => Date;
  /** The API's public origin: the back office's pages live on it, so its requests come from it. */
  publicUrl: string;
  shopName: string;
  /** The storefront's contact number (CHAT_PHONE's digits); unknown (tests) warns of nothing. */
  chatPhone?: string;
  /**
   * After the owner changed what the pages state (stock, prices, products, photos, offers, reviews, shipping):
   * drops every copy's cached catalogue answers and tells the storefronts to render their pages again.
   */
  onCatalogChange: () => void;
  /** Asks the outbox worker to send what a committed change queued. */
  onEmailQueued: () => void;
  /** scrypt cost for new hashes and for the decoy check of unknown emails; tests lower it. */
  passwordParameters?: ScryptParameters;
  /** Password checks one process runs at once and lets wait (default 2 and 4); beyond them sign-in answers 503. */
  passwordChecks?: PasswordCheckLimits;
  /** Tests only: runs inside the gate before each password check, so a test can hold checks and fill it. */
  beforePasswordCheck?: () => Promise<void>;
  /** The payment providers and their settings: refunds go through the provider that took the money. */
  payments: PaymentServices;
  /** Where uploaded photos' and certificates' files go (MEDIA_DIR or the bucket); undefined refuses uploads. */
  mediaStore: MediaStore | undefined;
}

export interface AdminRouteOptions extends AdminApiOptions {
  /** Whether cookies must carry Secure (the public URL is https). */
  secureCookies: boolean;
}

/** The signed-in owner of a request that passed the guard. */
export function ownerOf(request: { owner: SignedInOwner | null }): SignedInOwner {
  if (request.owner === null) throw new ApiError(401, "not_signed_in", "Sign in to continue.");
  return request.owner;
}
