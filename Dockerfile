# syntax=docker/dockerfile:1
# One image for both servers (the store API by default; deploy/compose.yaml runs the storefront from it too).
# Not built on this project's CI: see docs/operations.md#containers.
# The storefront's public addresses are baked into its prerendered pages, so they are build arguments:
#   docker build --build-arg SITE_URL=https://shop.example.com \
#     --build-arg PUBLIC_STORE_API_URL=https://api.shop.example.com -t herbo-shop .

FROM node:26-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The workspace's manifests first, so the installed packages stay cached while only sources change.
COPY package.json package-lock.json ./
COPY packages/hosted-api/package.json packages/hosted-api/
COPY apps/store-api/package.json apps/store-api/
COPY apps/admin/package.json apps/admin/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
ARG SITE_URL=http://localhost:3000
ARG STORE_API_URL=http://store-api:4000
ARG PUBLIC_STORE_API_URL=http://localhost:4000
ARG STORE_ID=local
ARG CHAT_PHONE=9779800000000
RUN SITE_URL="$SITE_URL" STORE_API_URL="$STORE_API_URL" PUBLIC_STORE_API_URL="$PUBLIC_STORE_API_URL" \
    STORE_ID="$STORE_ID" CHAT_PHONE="$CHAT_PHONE" npm run build \
 && npm prune --omit=dev

FROM node:26-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data \
    STORE_API_HOST=0.0.0.0 \
    HOST=0.0.0.0
# Only what the two servers read at run time: production packages, the builds, migrations, seed and assets.
COPY --from=build /app/package.json /app/package-lock.json ./
# No workspace has node_modules of its own today (npm hoists them all); copy one here if that changes.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/hosted-api/package.json packages/hosted-api/
COPY --from=build /app/packages/hosted-api/dist packages/hosted-api/dist
COPY --from=build /app/packages/hosted-api/shop-defaults.mjs packages/hosted-api/
COPY --from=build /app/apps/store-api/package.json apps/store-api/
COPY --from=build /app/apps/store-api/dist apps/store-api/dist
COPY --from=build /app/apps/store-api/drizzle apps/store-api/drizzle
COPY --from=build /app/apps/store-api/seed apps/store-api/seed
COPY --from=build /app/apps/store-api/assets apps/store-api/assets
COPY --from=build /app/apps/admin/package.json apps/admin/
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/build apps/web/build
# The image's own user (uid 1000 in the node image), owner of the data folder only.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000 3000
# The store API's /health (src/routes/health.ts): 200 while the database answers and commits a write.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.STORE_API_PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/store-api/dist/src/server.js"]
