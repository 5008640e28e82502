import { useEffect, useRef, type ReactNode } from "react";

/** The page's h1: names the tab and takes the focus when the page opens, so screen readers hear where they are. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Back office`;
    heading.current?.focus();
  }, [title]);
  return (
    <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
      {children ?? title}
    </h1>
  );
}
