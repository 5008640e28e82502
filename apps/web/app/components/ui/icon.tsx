import type { IconName } from "~/content/types";
import { iconPaths, type UiIconName } from "./icon-paths";

interface IconProps {
  name: IconName | UiIconName;
  className?: string;
  /** Fills the shape (used for stars). */
  filled?: boolean;
  size?: number;
}

/** An inline outline icon; decorative, so screen readers skip it (label the control instead). */
export function Icon({ name, className, filled = false, size = 24 }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {iconPaths[name].map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
