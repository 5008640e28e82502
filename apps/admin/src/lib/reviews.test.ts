import { describe, expect, it } from "vitest";
import {
  listSummary,
  moderationLine,
  moderationsByStatus,
  paragraphs,
  readReviewQuery,
  reviewChangeDone,
  reviewListAddress,
  reviewListApiPath,
  reviewRequest,
  starGlyphs,
  statusTabLabel,
  textLength,
} from "./reviews.ts";

describe("the reviews list in the address", () => {
  it("shows the reviews awaiting moderation, page 1, unless the address names another list", () => {
    expect(readReviewQuery(new URLSearchParams(""))).toEqual({ status: "pending", page: 1 });
    expect(readReviewQuery(new URLSearchParams("status=hidden&page=3"))).toEqual({ status: "hidden", page: 3 });
    expect(readReviewQuery(new URLSearchParams("status=published"))).toEqual({ status: "published", page: 1 });
  });

  it("ignores a status or page it does not know", () => {
    expect(readReviewQuery(new URLSearchParams("status=deleted&page=2"))).toEqual({ status: "pending", page: 2 });
    expect(readReviewQuery(new URLSearchParams("status=Published"))).toEqual({ status: "pending", page: 1 });
    expect(readReviewQuery(new URLSearchParams("page=0")).page).toBe(1);
    expect(readReviewQuery(new URLSearchParams("page=-2")).page).toBe(1);
    expect(readReviewQuery(new URLSearchParams("page=1.5")).page).toBe(1);
    expect(readReviewQuery(new URLSearchParams("page=abc")).page).toBe(1);
  });

  it("writes the status always and the page only after the first", () => {
    expect(reviewListAddress({ status: "pending", page: 1 })).toBe("/reviews?status=pending");
    expect(reviewListAddress({ status: "hidden", page: 2 })).toBe("/reviews?status=hidden&page=2");
  });

  it("reads back what it writes", () => {
    const query = { status: "published", page: 4 } as const;
    const address = reviewListAddress(query);
    expect(readReviewQuery(new URLSearchParams(address.slice(address.indexOf("?") + 1)))).toEqual(query);
  });

  it("asks the API for a list with both its status and page", () => {
    expect(reviewListApiPath({ status: "pending", page: 1 })).toBe("/reviews?status=pending&page=1");
    expect(reviewListApiPath({ status: "published", page: 3 })).toBe("/reviews?status=published&page=3");
  });
});

describe("the status tabs", () => {
  const counts = { pending: 3, published: 12, hidden: 0 };

  it("name each list with its count", () => {
    expect(statusTabLabel("pending", counts)).toBe("Awaiting moderation (3)");
    expect(statusTabLabel("published", counts)).toBe("Published (12)");
    expect(statusTabLabel("hidden", counts)).toBe("Hidden (0)");
  });

  it("have no count before the list has loaded", () => {
    expect(statusTabLabel("pending", undefined)).toBe("Awaiting moderation");
  });
});

describe("the line above a list", () => {
  it("counts the reviews in the list, with the page when there are several", () => {
    expect(listSummary("pending", 1, 1, 1)).toBe("1 review awaiting moderation");
    expect(listSummary("published", 45, 2, 3)).toBe("45 reviews published, page 2 of 3");
    expect(listSummary("hidden", 2, 1, 1)).toBe("2 reviews hidden");
  });

  it("says so when the list is empty", () => {
    expect(listSummary("pending", 0, 1, 1)).toBe("No review is waiting for you.");
    expect(listSummary("published", 0, 1, 1)).toBe("No review is published yet.");
    expect(listSummary("hidden", 0, 1, 1)).toBe("No review is hidden.");
  });
});

describe("what each status lets the owner do", () => {
  it("publishes or hides a waiting review", () => {
    expect(moderationsByStatus.pending).toEqual(["publish", "hide"]);
  });

  it("hides a published review, never publishes it twice", () => {
    expect(moderationsByStatus.published).toEqual(["hide"]);
  });

  it("publishes a hidden review again, never hides it twice", () => {
    expect(moderationsByStatus.hidden).toEqual(["publish"]);
  });
});

describe("the request for a change", () => {
  const review = { id: "rev_1", version: 7 };

  it("publishes from the version shown", () => {
    expect(reviewRequest(review, { kind: "publish" })).toEqual({
      method: "POST",
      path: "/reviews/rev_1/publish",
      body: { version: 7 },
    });
  });

  it("hides with the reason on one trimmed line", () => {
    expect(reviewRequest(review, { kind: "hide", reason: "  Names the\nbuyer's neighbour " })).toEqual({
      method: "POST",
      path: "/reviews/rev_1/hide",
      body: { version: 7, reason: "Names the buyer's neighbour" },
    });
  });

  it("saves a reply with its paragraphs, and removes one with null", () => {
    expect(reviewRequest(review, { kind: "reply", reply: " Thank you!\r\n\r\nAsha \n" })).toEqual({
      method: "PUT",
      path: "/reviews/rev_1/reply",
      body: { version: 7, reply: "Thank you!\n\nAsha" },
    });
    expect(reviewRequest(review, { kind: "reply", reply: null }).body).toEqual({ version: 7, reply: null });
  });

  it("keeps an id that is not a plain word inside its path segment", () => {
    expect(reviewRequest({ id: "a/b?c", version: 1 }, { kind: "publish" }).path).toBe("/reviews/a%2Fb%3Fc/publish");
  });
});

describe("what the page says after a change", () => {
  it("says where a published or hidden review shows", () => {
    expect(reviewChangeDone({ status: "pending" }, { kind: "publish" })).toBe(
      "Published. The review shows on its product page now.",
    );
    expect(reviewChangeDone({ status: "published" }, { kind: "hide", reason: "Abuse" })).toBe(
      "Hidden. The review does not show on its product page; your reason is kept with it.",
    );
  });

  it("says a reply is public at once only under a published review", () => {
    expect(reviewChangeDone({ status: "published" }, { kind: "reply", reply: "Thanks" })).toBe(
      "Reply saved. It shows under the review on the product page now.",
    );
    expect(reviewChangeDone({ status: "pending" }, { kind: "reply", reply: "Thanks" })).toBe(
      "Reply saved. It will show under the review once the review is published.",
    );
    expect(reviewChangeDone({ status: "published" }, { kind: "reply", reply: null })).toBe(
      "Reply removed. It no longer shows under the review.",
    );
  });
});

describe("a text's length against its limit", () => {
  it("counts characters as the rules do: an emoji is one, the trimmed space none", () => {
    expect(textLength("  Thank you 🙏  ", true)).toBe(11);
    expect(textLength("a\r\nb", true)).toBe(3);
    expect(textLength("", false)).toBe(0);
  });
});

describe("a review's stars", () => {
  it("fill as many stars as the rating, out of five", () => {
    expect(starGlyphs(4)).toBe("★★★★☆");
    expect(starGlyphs(1)).toBe("★☆☆☆☆");
    expect(starGlyphs(5)).toBe("★★★★★");
  });

  it("stay five stars whatever the number", () => {
    expect(starGlyphs(0)).toBe("☆☆☆☆☆");
    expect(starGlyphs(9)).toBe("★★★★★");
    expect(starGlyphs(-1)).toBe("☆☆☆☆☆");
  });
});

describe("a review's paragraphs", () => {
  it("split on empty lines and keep single line breaks inside a paragraph", () => {
    expect(paragraphs("First line\nsecond line\n\nNext paragraph")).toEqual([
      "First line\nsecond line",
      "Next paragraph",
    ]);
  });

  it("treat a line of spaces or Windows line ends as empty, and drop empty paragraphs", () => {
    expect(paragraphs("One\r\n \r\nTwo\n\n\n\nThree\n")).toEqual(["One", "Two", "Three"]);
    expect(paragraphs("Old Mac\r\rline ends")).toEqual(["Old Mac", "line ends"]);
    expect(paragraphs("  ")).toEqual([]);
  });

  it("leave markup as the text it is", () => {
    expect(paragraphs("<b>bold</b>")).toEqual(["<b>bold</b>"]);
  });
});

describe("who moderated a review", () => {
  it("names the last publish or hide, when and by whom, on the shop's clock", () => {
    expect(
      moderationLine({ status: "published", moderatedAt: "2026-03-01T10:00:00.000Z", moderatedBy: "owner@shop.test" }),
    ).toBe("Published 1 Mar 2026, 15:45 by owner@shop.test");
    expect(moderationLine({ status: "hidden", moderatedAt: "2026-03-01T10:00:00.000Z", moderatedBy: null })).toBe(
      "Hidden 1 Mar 2026, 15:45",
    );
  });

  it("says nothing for a review nobody has moderated", () => {
    expect(moderationLine({ status: "pending", moderatedAt: null, moderatedBy: null })).toBeNull();
  });
});
