import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/prerender";

export default {
  ssr: true,
  // Static pages are written to HTML at build time; catalogue pages render per request.
  prerender: () => prerenderPaths(),
  future: {
    // Loaders get the request as it came, and read the page's address from their `url` argument. Without
    // this, React Router built two new Request objects per loader and one more per data request: about 4 %
    // of an uncached render's CPU, for nothing the shop reads.
    v8_passThroughRequests: true,
  },
} satisfies Config;
