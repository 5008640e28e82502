import type { Config } from "@react-router/dev/config";

// The bare floor: React 19 + React Router 7 framework mode, one prerendered page, nothing else.
export default { ssr: true, prerender: ["/"] } satisfies Config;
