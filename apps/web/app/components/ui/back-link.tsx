import { Link } from "react-router";
import { Icon } from "./icon";

/** The "← Back to …" link at the top of a product or article page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 font-medium text-bark hover:text-resin">
      <Icon name="arrow-left" size={18} />
      {children}
    </Link>
  );
}
