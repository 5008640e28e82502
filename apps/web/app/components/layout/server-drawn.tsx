import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { createPath, useLocation, useNavigate } from "react-router";
import { inAppLinkPath } from "~/lib/in-app-link";

interface ServerDrawnProps {
  /** The element that holds the part; its id finds the server's drawing when the page hydrates. */
  as: "footer" | "section" | "div";
  id: string;
  className?: string;
  /** The id of the heading that names the part (`aria-labelledby`). */
  labelledBy?: string;
  /** The part's `data-testid`, for tests that find it by one. */
  testId?: string;
  /** What the part was drawn from: while the page's value is still this one, the drawing stays. */
  drawnFrom: unknown;
  /**
   * What the part's own hooks would have done, run on the kept drawing once the page has hydrated (the
   * cards' rise into view); returns what undoes it. Give a function that stays the same between renders.
   */
  whileKept?: (element: HTMLElement) => () => void;
  children: ReactNode;
}

interface Drawing {
  html: string;
  drawnFrom: unknown;
}

/**
 * A part of the page that answers no taps of its own (the footer, the home and country pages' cards, a
 * product's facts): the browser keeps the server's drawing of it instead of hydrating it, so a page on a cheap phone
 * has that much less to do before its buttons work (docs/decisions/032).
 *
 * While the page hydrates, the part takes the server's HTML as it stands and React leaves it alone. Its links
 * still move within the app: a click on one the server drew from a `<Link>` (marked `data-discover`) is
 * followed with React Router's `navigate`, as the `<Link>` would have. Once `drawnFrom` changes (the footer's
 * country links follow the page's path), the part is drawn by React from then on, like any other.
 */
export function ServerDrawn({
  as: Tag,
  id,
  className,
  labelledBy,
  testId,
  drawnFrom,
  whileKept,
  children,
}: ServerDrawnProps) {
  const [drawing, setDrawing] = useState(() => serverDrawing(id, drawnFrom));
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useRef<HTMLElement | null>(null);
  const outdated = drawing !== null && !Object.is(drawing.drawnFrom, drawnFrom);
  const keeping = drawing !== null && !outdated;
  useEffect(() => {
    const element = kept.current;
    if (!keeping || element === null || whileKept === undefined) return undefined;
    return whileKept(element);
  }, [keeping, whileKept]);
  // Adjusting state while rendering, as React recommends for a change of props: no outdated frame is drawn.
  if (outdated) setDrawing(null);
  if (drawing === null || outdated) {
    return (
      <Tag key="drawn-by-react" id={id} className={className} aria-labelledby={labelledBy} data-testid={testId}>
        {children}
      </Tag>
    );
  }
  const followInApp = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const path = inAppLinkPath(event, anchor, window.location.origin);
    if (path === null) return;
    event.preventDefault();
    void navigate(path, { replace: createPath(location) === path });
  };
  return (
    // The click handler only delegates for the links inside, which stay anchors a keyboard reaches and opens.
    <Tag
      key="drawn-by-server"
      ref={(element: HTMLElement | null) => {
        kept.current = element;
      }}
      id={id}
      className={className}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onClick={followInApp}
      dangerouslySetInnerHTML={{ __html: drawing.html }}
      suppressHydrationWarning
    />
  );
}

/**
 * The server's HTML of the part, taken only while the page hydrates (the root layout marks the document once
 * it has): a part that mounts later, or on the server, is drawn by React.
 */
function serverDrawing(id: string, drawnFrom: unknown): Drawing | null {
  if (typeof document === "undefined" || document.documentElement.dataset.hydrated === "true") return null;
  const element = document.getElementById(id);
  return element === null ? null : { html: element.innerHTML, drawnFrom };
}
