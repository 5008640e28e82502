import { describe, expect, it } from "vitest";
import { inAppLinkPath, type ClickedLink, type LinkClick } from "./in-app-link";

const origin = "https://herbo.example";
const plainClick: LinkClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

function link(
  href: string,
  attributes: Record<string, string> = { "data-discover": "true" },
  target = "",
): ClickedLink {
  return { href, target, hasAttribute: (name) => Object.hasOwn(attributes, name) };
}

describe("following a server-drawn link within the app", () => {
  it("follows a plain click on a link drawn from a <Link>, keeping its query and fragment", () => {
    expect(inAppLinkPath(plainClick, link(`${origin}/us/store`), origin)).toBe("/us/store");
    expect(inAppLinkPath(plainClick, link(`${origin}/blog?page=2#latest`), origin)).toBe("/blog?page=2#latest");
    expect(inAppLinkPath(plainClick, link(`${origin}/returns`, { "data-discover": "true" }, "_self"), origin)).toBe(
      "/returns",
    );
  });

  it("leaves to the browser a click that opens a new tab or window, or that was taken already", () => {
    const href = `${origin}/store`;
    expect(inAppLinkPath({ ...plainClick, button: 1 }, link(href), origin)).toBeNull();
    expect(inAppLinkPath({ ...plainClick, button: 2 }, link(href), origin)).toBeNull();
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(inAppLinkPath({ ...plainClick, [key]: true }, link(href), origin), key).toBeNull();
    }
    expect(inAppLinkPath({ ...plainClick, defaultPrevented: true }, link(href), origin)).toBeNull();
  });

  it("leaves to the browser a link that is not the app's own page", () => {
    expect(inAppLinkPath(plainClick, null, origin)).toBeNull();
    // Drawn as a plain anchor (a phone number, an email address, a social page): not a <Link>.
    expect(inAppLinkPath(plainClick, link(`${origin}/store`, {}), origin)).toBeNull();
    expect(
      inAppLinkPath(plainClick, link(`${origin}/store`, { "data-discover": "true" }, "_blank"), origin),
    ).toBeNull();
    expect(
      inAppLinkPath(plainClick, link(`${origin}/store`, { "data-discover": "true", download: "" }), origin),
    ).toBeNull();
    expect(inAppLinkPath(plainClick, link("https://elsewhere.example/store"), origin)).toBeNull();
    expect(inAppLinkPath(plainClick, link("http://herbo.example/store"), origin)).toBeNull();
    expect(inAppLinkPath(plainClick, link("not a url"), origin)).toBeNull();
  });
});
