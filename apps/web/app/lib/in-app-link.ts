/** What a link-following handler reads of a click: which button, which keys, and whether it was taken already. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** What it reads of the link clicked. */
export interface ClickedLink {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/**
 * The path to follow within the app for a click on a link the server drew from a React Router `<Link>`
 * (marked `data-discover`), or null when the browser should handle it as usual: another button or a key held
 * (a new tab or window), a target other than this tab, a download, another origin, or a click already taken.
 * React Router's `<Link>` decides the same way.
 */
export function inAppLinkPath(click: LinkClick, link: ClickedLink | null, origin: string): string | null {
  if (link === null || !link.hasAttribute("data-discover") || link.hasAttribute("download")) return null;
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if (link.target !== "" && link.target !== "_self") return null;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
