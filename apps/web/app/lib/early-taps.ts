/**
 * Taps on buttons made before the page is interactive.
 *
 * Every page is whole HTML before its JavaScript runs (pages paint first and hydrate afterwards), so a link
 * works from the first paint. A button does not: "Add to Cart", the quantity steps, the menu and the cart have
 * no handler until React has hydrated the page, which on a slow phone network comes a second or two after the
 * page appears. A tap in that time did nothing, and the shopper had to notice and tap again.
 *
 * A small script in the head (`earlyTapsScript`) notes each tap on a plain button (`type="button"`: it has
 * no action of its own) until hydration begins, and marks the button busy so the tap is seen to have
 * landed. Just before hydrating, `takeEarlyTaps` stops the noting (from then on React hears taps itself);
 * once the page is interactive, `replayEarlyTaps` taps each noted button again, so the handler runs as if
 * the shopper had tapped just then.
 *
 * Each button is tapped again at most once, in the order the shopper first tapped them: a shopper who taps
 * "Add to Cart" three times because nothing seemed to happen wants it in the cart once. A button that has
 * left the page or become disabled in the meantime is not tapped, nor one tapped longer ago than
 * `earlyTapMaxAgeMs`, since by then the shopper has moved on.
 */

/** The global the head's script keeps its taps in until hydration takes them; `null` once taken. */
const tapsKey = "__herboEarlyTaps";

/** The mark a noted button wears (it looks busy, see app.css) until its tap is made again. */
export const pendingTapAttribute = "data-early-tap";

/** A tap older than this when the page becomes interactive is dropped. */
export const earlyTapMaxAgeMs = 10_000;

/**
 * Runs in the head, before any of the page is read. Listens in the capture phase, so a tap is noted even
 * where the page stops it later. A disabled button hears no click, so it is never noted.
 */
export const earlyTapsScript = [
  "(function(){",
  "var taps=[];",
  `window.${tapsKey}=taps;`,
  'document.addEventListener("click",function(event){',
  `if(window.${tapsKey}!==taps)return;`,
  "var target=event.target;",
  "var button=target&&target.closest?target.closest('button[type=\"button\"]'):null;",
  "if(!button)return;",
  "for(var i=0;i<taps.length;i++)if(taps[i].button===button)return;",
  'taps.push({button:button,at:performance.now(),busy:button.getAttribute("aria-busy")});',
  `button.setAttribute("${pendingTapAttribute}","");`,
  'button.setAttribute("aria-busy","true");',
  "},true);",
  "})()",
].join("");

interface EarlyTap {
  button: HTMLButtonElement;
  /** When it was tapped, on the `performance.now()` clock. */
  at: number;
  /** The button's own `aria-busy` before the tap was noted, to put back. */
  busy: string | null;
}

let taken: EarlyTap[] = [];

/** Stops the head's script from noting taps, and keeps those it noted for `replayEarlyTaps`. */
export function takeEarlyTaps(): void {
  // Only the head's script writes this list (a page without that script has none).
  const noted: unknown = Reflect.get(window, tapsKey);
  Reflect.set(window, tapsKey, null);
  taken = Array.isArray(noted) ? (noted as EarlyTap[]) : [];
}

/**
 * Taps each button noted before hydration once more, and clears its busy mark. One tap per task: React
 * renders what a tap changed (the quantity raised) before the next tap's handler reads it. Resolves once
 * all are made.
 */
export async function replayEarlyTaps(now: number = performance.now()): Promise<void> {
  const taps = taken;
  taken = [];
  for (const [index, { button, at, busy }] of taps.entries()) {
    if (index > 0) await new Promise((resolve) => window.setTimeout(resolve, 0));
    button.removeAttribute(pendingTapAttribute);
    if (busy === null) button.removeAttribute("aria-busy");
    else button.setAttribute("aria-busy", busy);
    // A disabled button ignores click(), and one no longer on the page reaches no handler: both are skipped.
    if (now - at <= earlyTapMaxAgeMs) button.click();
  }
}
