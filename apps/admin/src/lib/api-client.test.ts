import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminApiError, apiRequest, apiUpload, onSignedOut, queryString } from "./api-client.ts";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

describe("the back office's API client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON to /admin/api with the cookie and reads the answer", async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetch);
    expect(await apiRequest("POST", "/orders/HS-1001/actions", { action: "pack" })).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith("/admin/api/orders/HS-1001/actions", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: '{"action":"pack"}',
    });
  });

  it("uploads a file as its own bytes with the browser's type, or as unknown bytes without one", async () => {
    const fetch = answer(201, { photos: [] });
    vi.stubGlobal("fetch", fetch);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" });
    expect(await apiUpload("/products/p/photos", photo)).toEqual({ photos: [] });
    expect(fetch).toHaveBeenCalledWith("/admin/api/products/p/photos", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "image/jpeg" },
      body: photo,
    });
    const untyped = new Blob([new Uint8Array([1, 2, 3])]);
    await apiUpload("/products/p/photos", untyped);
    expect(fetch).toHaveBeenLastCalledWith("/admin/api/products/p/photos", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/octet-stream" },
      body: untyped,
    });
  });

  it("turns a refused upload into an error with the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      answer(415, { error: { code: "unsupported_media_type", message: "SVG drawings are not accepted." } }),
    );
    await expect(
      apiUpload("/products/p/photos", new Blob(["<svg/>"], { type: "image/svg+xml" })),
    ).rejects.toMatchObject({ status: 415, code: "unsupported_media_type", message: "SVG drawings are not accepted." });
  });

  it("sends a file with the type it is told, whatever the browser gave it", async () => {
    const fetch = answer(201, { batches: [] });
    vi.stubGlobal("fetch", fetch);
    const renamed = new Blob(["<html>"], { type: "text/html" });
    await apiUpload("/products/p/batches?lot=HS-1", renamed, "application/pdf");
    expect(fetch).toHaveBeenCalledWith("/admin/api/products/p/batches?lot=HS-1", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/pdf" },
      body: renamed,
    });
  });

  it("keeps the field a refusal names, so a form can show it there", async () => {
    const refusal = { code: "invalid_request", message: "The serving size is needed", details: { field: "body.x" } };
    vi.stubGlobal("fetch", answer(400, { error: refusal }));
    await expect(apiRequest("PUT", "/x", {})).rejects.toMatchObject({ status: 400, field: "body.x" });
    vi.stubGlobal("fetch", answer(400, { error: { ...refusal, details: { field: 5 } } }));
    await expect(apiRequest("PUT", "/x", {})).rejects.toMatchObject({ field: undefined });
    vi.stubGlobal("fetch", answer(400, { error: { ...refusal, details: null } }));
    await expect(apiRequest("PUT", "/x", {})).rejects.toMatchObject({ field: undefined });
  });

  it("sends no body and no content type when there is nothing to send", async () => {
    const fetch = answer(204, undefined);
    vi.stubGlobal("fetch", fetch);
    expect(await apiRequest("DELETE", "/session")).toBeUndefined();
    expect(fetch).toHaveBeenCalledWith("/admin/api/session", {
      method: "DELETE",
      credentials: "same-origin",
      headers: {},
    });
  });

  it("turns an error answer into an error with its message, and a 401 into a sign-out", async () => {
    const signedOut = vi.fn();
    onSignedOut(signedOut);
    vi.stubGlobal(
      "fetch",
      answer(409, { error: { code: "action_not_allowed", message: "Cannot cancel the order: it is shipped." } }),
    );
    await expect(apiRequest("POST", "/x", {})).rejects.toEqual(
      new AdminApiError(409, "action_not_allowed", "Cannot cancel the order: it is shipped."),
    );
    expect(signedOut).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", answer(401, { error: { code: "not_signed_in", message: "Sign in to continue." } }));
    await expect(apiRequest("GET", "/orders")).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it("reads an unexpected answer or a network failure as a readable error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 502 })),
    );
    await expect(apiRequest("GET", "/orders")).rejects.toMatchObject({
      status: 502,
      message: "The server answered 502. Please try again.",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiRequest("GET", "/orders")).rejects.toMatchObject({ code: "offline" });
  });

  it("builds query strings from the values that are set", () => {
    expect(queryString({ q: "asha gurung", country: "", page: 2, to: undefined })).toBe("?q=asha+gurung&page=2");
    expect(queryString({ q: "" })).toBe("");
  });
});
