import {
  lineRefusal,
  readOrderReceipt,
  type CheckoutRequestBody,
  type OrderReceiptBody,
  type ErrorBody,
  type LineRefusal,
  type Unchecked,
  type WireError,
} from "@herbo/hosted-api";
import { asRecord, asString } from "../json-guards";
import {
  reshapeCheckout,
  reshapeProductList,
  reshapeProductResponse,
  reshapeVariantStock,
  withFreshStock,
} from "./reshape";
import {
  reshapeFreeShipping,
  reshapeMarketTaxes,
  reshapeQuantityPrices,
  reshapeShippingRates,
} from "./reshape-shipping";
import type {
  CheckoutRequest,
  Product,
  ProductDetails,
  ProductList,
  ProductListQuery,
  ProductReviews,
  ShopRating,
  StoreShipping,
} from "./types";

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** A failed call to the store; `status` is set when the store answered, absent when it could not be reached. */
export class StoreApiError extends Error {
  readonly status: number | undefined;
  /** The `{error: {code}}` of our own store API, when it sent one. */
  readonly code: string | undefined;
  /** The cart line a checkout refusal names (which variant, and why), when the store said. */
  readonly refusal: LineRefusal | undefined;
  /** The error's `details`, as the store sent them (untrusted JSON). */
  readonly details: unknown;
  constructor(
    message: string,
    status?: number,
    code?: string,
    refusal?: LineRefusal,
    options?: { cause?: unknown; details?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "StoreApiError";
    this.status = status;
    this.code = code;
    this.refusal = refusal;
    this.details = options?.details;
  }
}

/**
 * Recognises a StoreApiError by shape, not class identity: the production server creates the client
 * from its own bundle, so loaders see an instance of a class their bundle did not define.
 */
export function isStoreApiError(error: unknown): error is StoreApiError {
  return error instanceof Error && error.name === "StoreApiError";
}

/** What the client reads of the store's answer. A fetch Response is one. */
export interface StoreAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  json(): Promise<unknown>;
}

/** How the client calls the store: the global fetch, or the web server's own (`server/store-fetch.ts`). */
export type StoreFetch = (url: string, init?: RequestInit) => Promise<StoreAnswer>;

export interface StoreApiOptions {
  baseUrl: string;
  storeId: string;
  fetch?: StoreFetch;
  /** Gives up on a call after this long, so a slow store cannot hang a page. */
  timeoutMs?: number;
  /**
   * Reads what only the product page shows from a single-product answer (`readProductDetails`). The server's
   * client passes it; the browser's has none, so its bundle does not carry the reader.
   */
  readProductDetails?: (answer: unknown) => ProductDetails;
  /**
   * Reads a page of a product's reviews (`readReviewPage`), for the reviews call. The server's client passes
   * it; the browser's has none and never asks for reviews.
   */
  readReviewPage?: (answer: unknown) => ProductReviews;
  /**
   * Reads which rating the pages state from the shipping answer (`readShopRating`). The server's client passes
   * it; the browser's, whose cart states no rating, has none.
   */
  readShopRating?: (answer: unknown) => ShopRating;
}

export interface StoreApi {
  listProducts(query?: ProductListQuery, signal?: AbortSignal): Promise<ProductList>;
  /** With `priceCurrency`, the store may list only each variant's price a page of that currency shows. */
  getProduct(id: string, signal?: AbortSignal, priceCurrency?: string): Promise<Product>;
  getVariantStock(productIds: readonly string[], signal?: AbortSignal): Promise<Map<string, number>>;
  /** The product with each variant's stock refreshed by the variants call; either failing fails both. */
  getProductWithStock(id: string, signal?: AbortSignal, priceCurrency?: string): Promise<Product>;
  /**
   * A later page of a product's published reviews, newest first (the first comes with the product). A page
   * past the last has no reviews; a client without a reviews reader fails as for an unknown product.
   */
  getReviewPage(id: string, page: number, signal?: AbortSignal): Promise<ProductReviews>;
  createCheckout(request: CheckoutRequest, signal?: AbortSignal): Promise<{ url: string }>;
  /**
   * Each country's delivery charge and days as checkout charges them, and each market's live "prices include
   * tax": our store API's own call. The hosted backend has none and answers 404.
   */
  getShipping(signal?: AbortSignal): Promise<StoreShipping>;
  /**
   * What the store says of an order placed with it, for the receipt key of its success URL: how it is
   * paid and its total. A number the store did not place, or a wrong key, fails with 404.
   */
  getOrderReceipt(number: string, key: string, signal?: AbortSignal): Promise<OrderReceiptBody["order"]>;
}

export const defaultTimeoutMs = 2_500;

/** The load errors' `{message}` when the store is unreachable (docs/storefront.md#store-calls), not "fetch failed". */
export const storeUnreachableMessage = "The store is not reachable right now. Please try again in a moment.";

/** Longest id the store accepts; longer ones, and ids with control characters, cannot name a product. */
export const maxProductIdLength = 200;

/** Whether an id from a URL could name a product; the store is not asked about one that cannot. */
export function isPossibleProductId(id: string): boolean {
  if (id.length === 0 || id.length > maxProductIdLength) return false;
  for (let index = 0; index < id.length; index += 1) {
    const code = id.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** How the store answers for an id that names no product. */
function unknownProduct(): StoreApiError {
  return new StoreApiError("HTTP 404: Not Found", 404, "not_found");
}

export function createStoreApi(options: StoreApiOptions): StoreApi {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/store/${encodeURIComponent(options.storeId)}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const fetchImpl: StoreFetch = options.fetch ?? ((url, init) => fetch(url, init));

  async function call(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: StoreAnswer;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { accept: "application/json", ...init.headers },
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (timeout.aborted) throw new StoreApiError("The store did not answer in time");
      // A shopper cannot act on "fetch failed" or "Failed to fetch"; the cause stays in the error.
      throw new StoreApiError(storeUnreachableMessage, undefined, undefined, undefined, { cause: error });
    }
    if (!response.ok) {
      let error: Unchecked<WireError> | undefined;
      try {
        error = asRecord((asRecord(await response.json()) as Unchecked<ErrorBody> | undefined)?.error);
      } catch {
        // A non-JSON error body is fine: the status says enough.
      }
      const statusText = response.statusText || reasonPhrases[response.status] || "Error";
      throw new StoreApiError(
        `HTTP ${response.status}: ${statusText}`,
        response.status,
        asString(error?.code),
        lineRefusal(error?.code, error?.details),
        { details: error?.details },
      );
    }
    try {
      return await response.json();
    } catch {
      throw new StoreApiError(
        timeout.aborted ? "The store did not answer in time" : "The store sent a malformed answer",
      );
    }
  }

  const api: StoreApi = {
    async listProducts(query = {}, signal) {
      const params = new URLSearchParams();
      for (const id of query.ids ?? []) params.append("ids[]", id);
      if (query.offset !== undefined) params.set("offset", String(query.offset));
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      if (query.order !== undefined) params.set("order", query.order);
      if (query.sortBy !== undefined) params.set("sort_by", query.sortBy);
      if (query.priceCurrency !== undefined) params.set("currency", query.priceCurrency.toLowerCase());
      const search = params.toString();
      return reshapeProductList(await call(`/products${search === "" ? "" : `?${search}`}`, {}, signal));
    },
    async getProduct(id, signal, priceCurrency) {
      // Answered as the store answers an unknown id, without a call it would refuse.
      if (!isPossibleProductId(id)) throw unknownProduct();
      const search = priceCurrency === undefined ? "" : `?currency=${encodeURIComponent(priceCurrency.toLowerCase())}`;
      const answer = await call(`/products/${encodeURIComponent(id)}${search}`, {}, signal);
      const product = reshapeProductResponse(answer);
      return options.readProductDetails === undefined
        ? product
        : { ...product, details: options.readProductDetails(answer) };
    },
    async getVariantStock(productIds, signal) {
      const params = new URLSearchParams({ fields: "inventory_quantity" });
      for (const id of productIds) params.append("product_ids[]", id);
      return reshapeVariantStock(await call(`/variants?${params.toString()}`, {}, signal));
    },
    async getProductWithStock(id, signal, priceCurrency) {
      if (!isPossibleProductId(id)) return api.getProduct(id, signal, priceCurrency);
      // Both calls at once, one round trip instead of two on every product page. The store answers with
      // the product it was asked for; one that answers with another id (a handle) is asked again for it.
      const productCall = api.getProduct(id, signal, priceCurrency);
      const stockCall = api.getVariantStock([id], signal);
      // When the product call fails, its error is the one reported and this one is not awaited.
      stockCall.catch(() => undefined);
      const product = await productCall;
      const stock = product.id === id ? await stockCall : await api.getVariantStock([product.id], signal);
      return withFreshStock(product, stock);
    },
    async getReviewPage(id, page, signal) {
      const read = options.readReviewPage;
      // A client without the reader (the browser's) finds no reviews, as the store finds none for an unknown id.
      if (read === undefined || !isPossibleProductId(id)) throw unknownProduct();
      return read(await call(`/products/${encodeURIComponent(id)}/reviews?page=${page}`, {}, signal));
    },
    async createCheckout(request, signal) {
      const body: CheckoutRequestBody = {
        items: request.items.map((item) => ({ variant_id: item.variantId, quantity: item.quantity })),
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        ...(request.locale === undefined ? {} : { locale: request.locale }),
        ...(request.timeZone === undefined ? {} : { timeZone: request.timeZone }),
        cartToken: request.cartToken,
        ...(request.currency === undefined ? {} : { currency: request.currency }),
      };
      return reshapeCheckout(
        await call(
          "/checkout",
          { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
          signal,
        ),
      );
    },
    async getShipping(signal) {
      const answer = await call("/shipping-rates", {}, signal);
      return {
        rates: reshapeShippingRates(answer),
        pricesIncludeTax: reshapeMarketTaxes(answer),
        freeShippingOver: reshapeFreeShipping(answer),
        quantityPrices: reshapeQuantityPrices(answer),
        ...(options.readShopRating === undefined ? {} : { rating: options.readShopRating(answer) }),
      };
    },
    async getOrderReceipt(number, key, signal) {
      const search = new URLSearchParams({ receipt: key }).toString();
      const answer = await call(`/orders/${encodeURIComponent(number)}/receipt?${search}`, {}, signal);
      const receipt = readOrderReceipt(answer);
      if (receipt?.number !== number) throw new StoreApiError("The store sent a malformed answer");
      return receipt;
    },
  };
  return api;
}
