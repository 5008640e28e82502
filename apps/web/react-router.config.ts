import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/prerender";

export default {
  ssr: true,
  // Static pages are written to HTML at build time; catalogue pages render per request.
  prerender: () => prerenderPaths(),
} satisfies Config;
