import { JSDOM } from "jsdom";
import { afterEach, describe, expect, it } from "vitest";
import { earlyTapMaxAgeMs, earlyTapsScript, pendingTapAttribute, replayEarlyTaps, takeEarlyTaps } from "./early-taps";

const page = [
  "<!DOCTYPE html><html><head></head><body>",
  '<button type="button" id="add">Add to Cart</button>',
  '<button type="button" id="more" aria-busy="false"><svg><path id="icon"></path></svg></button>',
  '<button type="button" id="off" disabled>Sold out</button>',
  '<form><button id="send">Send</button></form>',
  '<a href="#next" id="link">Next</a>',
  "</body></html>",
].join("");

let opened: JSDOM | undefined;
afterEach(() => {
  opened?.window.close();
  opened = undefined;
  Reflect.deleteProperty(globalThis, "window");
});

/** The page with the head's script run in it, as the browser runs it before the body; taps are counted. */
function openPage() {
  const dom = new JSDOM(page, { runScripts: "outside-only" });
  opened = dom;
  const window = dom.window as unknown as Window & typeof globalThis & { eval: (code: string) => unknown };
  window.eval(earlyTapsScript);
  // The module under test reads the browser's `window`.
  Reflect.set(globalThis, "window", window);
  const document = window.document;
  const handled: string[] = [];
  // What React's handlers do once the page has hydrated: they hear the click after the head's script.
  const hydrate = () =>
    document.body.addEventListener("click", (event) => {
      const button = (event.target as Element).closest("button");
      if (button !== null) handled.push(button.id);
    });
  const tap = (id: string) =>
    document.getElementById(id)?.dispatchEvent(new window.MouseEvent("click", { bubbles: true }));
  const byId = (id: string) => document.getElementById(id) as HTMLButtonElement;
  const now = () => window.performance.now();
  /** What the page does as it becomes interactive: take the taps, hydrate, make them again (at `at`). */
  const interactive = async (at = now()) => {
    takeEarlyTaps();
    hydrate();
    await replayEarlyTaps(at);
  };
  return { document, handled, hydrate, tap, byId, now, interactive };
}

describe("taps made before the page is interactive", () => {
  it("are none before the head's script has noted any", async () => {
    // The first use of the module in this file: nothing was taken yet.
    await expect(replayEarlyTaps()).resolves.toBeUndefined();
  });

  it("are made again once it is, each button once, in the order first tapped", async () => {
    const shop = openPage();
    shop.tap("more");
    shop.tap("add");
    shop.tap("add");
    shop.tap("more");
    takeEarlyTaps();
    shop.hydrate();
    expect(shop.handled).toEqual([]);
    await replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual(["more", "add"]);
  });

  it("are made one per task, so the page renders what one changed before the next", async () => {
    const shop = openPage();
    shop.tap("more");
    shop.tap("add");
    takeEarlyTaps();
    shop.hydrate();
    const replayed = replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual(["more"]);
    expect(shop.byId("add").hasAttribute(pendingTapAttribute)).toBe(true);
    await replayed;
    expect(shop.handled).toEqual(["more", "add"]);
  });

  it("count a tap on what a button holds (its icon) as a tap on the button", async () => {
    const shop = openPage();
    shop.tap("icon");
    await shop.interactive();
    expect(shop.handled).toEqual(["more"]);
  });

  it("mark the tapped button busy until the tap is made again, then put its own state back", async () => {
    const shop = openPage();
    shop.tap("add");
    shop.tap("more");
    expect(shop.byId("add").hasAttribute(pendingTapAttribute)).toBe(true);
    expect(shop.byId("add").getAttribute("aria-busy")).toBe("true");
    expect(shop.byId("more").getAttribute("aria-busy")).toBe("true");
    takeEarlyTaps();
    await replayEarlyTaps(shop.now());
    expect(shop.byId("add").hasAttribute(pendingTapAttribute)).toBe(false);
    expect(shop.byId("add").hasAttribute("aria-busy")).toBe(false);
    expect(shop.byId("more").hasAttribute(pendingTapAttribute)).toBe(false);
    expect(shop.byId("more").getAttribute("aria-busy")).toBe("false");
  });

  it("leave alone what works without the page's script: links and a form's buttons; and disabled buttons", async () => {
    const shop = openPage();
    shop.tap("link");
    shop.tap("send");
    shop.tap("off");
    await shop.interactive();
    expect(shop.handled).toEqual([]);
    expect(shop.byId("send").hasAttribute(pendingTapAttribute)).toBe(false);
    expect(shop.byId("off").hasAttribute(pendingTapAttribute)).toBe(false);
    expect(shop.byId("off").hasAttribute("aria-busy")).toBe(false);
  });

  it("are not noted once hydration has begun: React hears those itself", async () => {
    const shop = openPage();
    takeEarlyTaps();
    shop.tap("add");
    expect(shop.byId("add").hasAttribute(pendingTapAttribute)).toBe(false);
    shop.hydrate();
    await replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual([]);
  });

  it("are not made again on a button that left the page or was disabled meanwhile, but lose their mark", async () => {
    const shop = openPage();
    shop.tap("add");
    shop.tap("more");
    takeEarlyTaps();
    const gone = shop.byId("add");
    gone.remove();
    shop.byId("more").disabled = true;
    shop.hydrate();
    await replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual([]);
    expect(gone.hasAttribute(pendingTapAttribute)).toBe(false);
    expect(shop.byId("more").hasAttribute(pendingTapAttribute)).toBe(false);
  });

  it(`are made again when ${earlyTapMaxAgeMs / 1000} s old, and dropped when older`, async () => {
    for (const [age, made] of [
      [earlyTapMaxAgeMs, ["add"]],
      [earlyTapMaxAgeMs + 1, []],
    ] as const) {
      const shop = openPage();
      shop.tap("add");
      const [noted] = Reflect.get(shop.document.defaultView ?? {}, "__herboEarlyTaps") as { at: number }[];
      expect(noted?.at).toBeTypeOf("number");
      await shop.interactive((noted?.at ?? Number.NaN) + age);
      expect(shop.handled).toEqual(made);
      shop.document.defaultView?.close();
    }
  });

  it("are made again only once, and none without the head's script", async () => {
    const shop = openPage();
    shop.tap("add");
    await shop.interactive();
    await replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual(["add"]);
    Reflect.deleteProperty(shop.document.defaultView ?? {}, "__herboEarlyTaps");
    takeEarlyTaps();
    await replayEarlyTaps(shop.now());
    expect(shop.handled).toEqual(["add"]);
  });
});
