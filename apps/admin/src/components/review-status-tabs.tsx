import { adminReviewStatuses, type AdminReviewStatus } from "@herbo/hosted-api/admin";
import { Link } from "react-router";
import { reviewListAddress, statusTabLabel } from "../lib/reviews.ts";

interface Props {
  current: AdminReviewStatus;
  /** Each list's count, once the page has loaded. */
  counts: Record<AdminReviewStatus, number> | undefined;
}

/**
 * The three lists as links: the address keeps the list, so reload and the back button return to it. The
 * list shown is marked as the current page, not only by its colour.
 */
export function ReviewStatusTabs({ current, counts }: Props) {
  return (
    <nav aria-label="Reviews by status">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 border-b border-line">
        {adminReviewStatuses.map((status) => (
          <li key={status}>
            <Link
              to={reviewListAddress({ status, page: 1 })}
              aria-current={status === current ? "page" : undefined}
              className={`inline-block py-2 font-medium no-underline ${
                status === current ? "border-b-2 border-gold-dark text-resin" : "text-bark hover:text-resin"
              }`}
            >
              {statusTabLabel(status, counts)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
