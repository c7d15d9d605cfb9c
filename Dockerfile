# Staff Portal image: the built web app and server bundle on Node.js 24 with production
# dependencies only (docs/product/deployment-guide.md, decision record 0054).
#
#   docker build -t staff-portal .
#   docker run -p 3000:3000 -v portal-data:/data staff-portal
#
# e2e/src/production-install.e2e.test.ts performs the final stage's COPY and RUN steps without
# Docker; keep the two in step.

# Build stage: every dependency, then `npm run build` (web app and server bundle).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/identity/package.json packages/identity/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Final stage: the server's production dependencies, the build output, and the start script.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/identity/package.json packages/identity/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace=@staff-portal/server && npm cache clean --force
COPY --from=build /app/scripts/start.mjs scripts/
COPY --from=build /app/scripts/lib/ scripts/lib/
COPY --from=build /app/apps/server/dist/ apps/server/dist/
COPY --from=build /app/apps/web/dist/ apps/web/dist/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
